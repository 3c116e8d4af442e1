import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock, type VirtualClock } from '../src/clock/index.ts';
import { VideoWebhookPayloadSchema } from '../src/schemas/videos.ts';
import { verifyWebhookSignature } from '../src/webhooks/webhook-signature.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const SECRET = 'whsec_test_secret';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  /** Gateway clock reading when it arrived (the receiver checks the signature age against it). */
  at: number;
}

/** A real webhook receiver on 127.0.0.1, port 0. `answers` are the statuses it replies with, in turn (then 200). */
async function startReceiver(now: () => number = () => Date.now()) {
  const deliveries: Delivery[] = [];
  const answers: number[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: now() });
      res.writeHead(answers.shift() ?? 200).end();
      for (const w of waiters.filter((w) => deliveries.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    answers,
    /** Resolves once `count` deliveries arrived (no sleeping: the receiver signals). */
    received: (count: number) => (deliveries.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TARGET_KINDS)('video webhooks (%s)', (kind) => {
  let target: Target;
  let clock: VirtualClock;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    clock = virtualClock();
    receiver = await startReceiver(() => clock.now());
    target = await startTarget(kind, {
      clock,
      webhooks: { secret: SECRET, allowInsecureLocalhost: true, initialBackoffMs: 1_000, maxAttempts: 3 },
    });
  });
  afterEach(async () => {
    await target.gateway.videos.webhooksIdle();
    target.gateway.control.reset();
    receiver.deliveries.length = 0;
    receiver.answers.length = 0;
  });
  afterAll(async () => {
    await target.close();
    await receiver.close();
  });

  const submit = async (body: Record<string, unknown>) => {
    const res = await target.fetch('/videos', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x', callback_url: receiver.url, ...body }),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { id: string }).id;
  };

  async function checkSigned(d: Delivery) {
    const header = d.headers['x-gateway-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const result = await verifyWebhookSignature({ payload: d.body, header, secret: SECRET, now: d.at });
    expect(result, `${header} at ${d.at} ${d.body}`).toMatchObject({ valid: true });
    expect((await verifyWebhookSignature({ payload: d.body, header, secret: 'wrong', now: d.at })).valid).toBe(false);
    expect((await verifyWebhookSignature({ payload: d.body, header, secret: SECRET, now: d.at + 301_000 })).valid).toBe(false);
    return VideoWebhookPayloadSchema.parse(JSON.parse(d.body));
  }

  it('POSTs a signed video.generation.completed when the job completes, without any poll', async () => {
    const id = await submit({});
    await clock.advance(62_000);
    expect(receiver.deliveries).toHaveLength(0); // 3 s queue + 60 s generation: not done yet
    await clock.advance(1_000);
    await receiver.received(1);
    await target.gateway.videos.webhooksIdle();
    expect(receiver.deliveries).toHaveLength(1);
    const d = receiver.deliveries[0]!;
    expect(d.headers['x-gateway-idempotency-key']).toBe(`${id}-completed`);
    expect(d.headers['content-type']).toBe('application/json');
    const payload = await checkSigned(d);
    expect(payload.type).toBe('video.generation.completed');
    expect(payload.data).toMatchObject({ id, status: 'completed', model: 'google/veo-3.1' });
    expect(payload.data.generation_id).toMatch(/^gen-/);
    expect(payload.data.unsigned_urls).toHaveLength(1);
    expect(payload.data.usage).toMatchObject({ is_byok: false });
    expect(Number.isNaN(Date.parse(payload.created_at))).toBe(false);
  });

  it('sends failed, cancelled and expired too, each once', async () => {
    target.gateway.control.failProvider('google-vertex', 502, 1);
    const failed = await submit({});
    target.gateway.control.failProvider('byteplus', 529, 1);
    const expired = await submit({ model: 'bytedance/seedance-2.0' });
    const cancelled = await submit({});
    const res = await target.fetch(`/__gatewaykit/videos/${cancelled}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    await receiver.received(1); // cancelled: at once
    // Advance in steps so each delivery arrives while the clock still reads its send time (the
    // receiver checks the signature's age against the gateway clock).
    await clock.advance(40_000); // veo fails half-way through generation
    await receiver.received(2);
    await clock.advance(261_000); // seedance's 300 s pick-up deadline passes
    await receiver.received(3);
    await target.gateway.videos.webhooksIdle();
    const byId = new Map<string, ReturnType<typeof VideoWebhookPayloadSchema.parse>>();
    for (const d of receiver.deliveries) {
      const p = await checkSigned(d);
      expect(d.headers['x-gateway-idempotency-key']).toBe(`${p.data.id}-${p.data.status}`);
      byId.set(p.data.id, p);
    }
    expect(receiver.deliveries).toHaveLength(3);
    expect(byId.get(failed)).toMatchObject({ type: 'video.generation.failed', data: { status: 'failed', error: expect.stringMatching(/HTTP 502/) } });
    expect(byId.get(expired)).toMatchObject({ type: 'video.generation.expired', data: { status: 'expired', generation_id: null } });
    expect(byId.get(cancelled)).toMatchObject({ type: 'video.generation.cancelled', data: { status: 'cancelled', generation_id: null } });
    expect((await target.fetch(`/__gatewaykit/videos/${cancelled}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(
      409,
    );
  });

  it('retries with exponential backoff on the clock after non-2xx answers, with the same body and key', async () => {
    receiver.answers.push(500, 503);
    const id = await submit({});
    await clock.advance(63_000);
    await receiver.received(1);
    await target.gateway.videos.webhooksIdle();
    await clock.advance(999);
    expect(receiver.deliveries).toHaveLength(1); // first retry is 1 s later
    await clock.advance(1);
    await receiver.received(2);
    await target.gateway.videos.webhooksIdle();
    await clock.advance(1_999);
    expect(receiver.deliveries).toHaveLength(2); // then 2 s
    await clock.advance(1);
    await receiver.received(3);
    await target.gateway.videos.webhooksIdle();
    const bodies = new Set(receiver.deliveries.map((d) => d.body));
    expect(bodies.size).toBe(1);
    expect(new Set(receiver.deliveries.map((d) => d.headers['x-gateway-idempotency-key']))).toEqual(new Set([`${id}-completed`]));
    for (const d of receiver.deliveries) await checkSigned(d);
    const attempts = target.gateway.videos.webhookAttempts();
    expect(attempts.map((a) => a.ok)).toEqual([false, false, true]);
    expect(target.gateway.videos.get(id)!.webhook).toMatchObject({ delivered: 'completed', attempts: 3 });
    await clock.advance(60_000);
    expect(receiver.deliveries).toHaveLength(3); // delivered: no more attempts
  });

  it('retries after a network error and gives up after maxAttempts', async () => {
    const dead = await startReceiver();
    await dead.close(); // nothing listens on its port any more
    const id = await submit({ callback_url: dead.url });
    await clock.advance(60_000);
    for (let i = 0; i < 4; i++) {
      await target.gateway.videos.webhooksIdle();
      await clock.advance(10_000);
    }
    await target.gateway.videos.webhooksIdle();
    const attempts = target.gateway.videos.webhookAttempts().filter((a) => a.job_id === id);
    expect(attempts).toHaveLength(3);
    expect(attempts.every((a) => !a.ok && /delivery failed/.test(a.error ?? ''))).toBe(true);
    expect(target.gateway.videos.get(id)!.webhook).toMatchObject({ gave_up: true, delivered: null });
  });
});

describe('webhook options', () => {
  it('a default callback URL receives jobs submitted without callback_url; it must be HTTPS unless opted in', async () => {
    await expect(startTarget('msw', { webhooks: { defaultCallbackUrl: 'http://example.com/x' } })).rejects.toThrow(/HTTPS/);
    const clock = virtualClock();
    const receiver = await startReceiver(() => clock.now());
    const target = await startTarget('http', { clock, webhooks: { defaultCallbackUrl: receiver.url, allowInsecureLocalhost: true } });
    try {
      const res = await target.fetch('/videos', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: 'openai/sora-2', prompt: 'x' }) });
      const { id } = (await res.json()) as { id: string };
      await clock.advance(120_000);
      await receiver.received(1);
      // The default secret signs when none is configured.
      const d = receiver.deliveries[0]!;
      const ok = await verifyWebhookSignature({
        payload: d.body,
        header: d.headers['x-gateway-signature'] as string,
        secret: 'whsec_gatewaykit_test',
        now: d.at,
      });
      expect(ok.valid).toBe(true);
      expect(JSON.parse(d.body).data.id).toBe(id);
    } finally {
      await target.gateway.videos.webhooksIdle();
      await target.close();
      await receiver.close();
    }
  });
});
