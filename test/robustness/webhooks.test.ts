import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { startServer } from '../../src/adapter/node/create-server.ts';

/** Webhook receivers that misbehave (F8, F9), on 127.0.0.1, each closed by the test. */
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

async function receiver(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

async function gatewayWithJobs(callbackUrl: string, count: number, webhooks: Record<string, unknown> = {}) {
  const clock = virtualClock();
  const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, webhooks: { allowInsecureLocalhost: true, maxAttempts: 1, ...webhooks } });
  for (let i = 0; i < count; i++) {
    const res = await gateway.fetch('/videos', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'google/veo-3.1', prompt: `job ${i}`, callback_url: callbackUrl }),
    });
    expect(res.status).toBe(202);
  }
  await clock.advance(3_600_000); // every job reaches its terminal state; deliveries start
  await gateway.videos.webhooksIdle();
  return gateway;
}

describe('robustness: webhooks', () => {
  it('F8 a 307 to another address is a failed delivery; nothing reaches the other address', async () => {
    let elsewhere = 0;
    const other = await receiver((_req, res) => {
      elsewhere++;
      res.writeHead(200).end();
    });
    let redirected = 0;
    const first = await receiver((req, res) => {
      redirected++;
      req.resume();
      res.writeHead(307, { location: other.url }).end();
    });
    const gateway = await gatewayWithJobs(first.url, 10);
    expect(redirected).toBe(10);
    expect(elsewhere).toBe(0);
    const attempts = gateway.videos.webhookAttempts();
    expect(attempts).toHaveLength(10);
    for (const a of attempts) expect(a).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 307: redirects are not followed/) });
  });

  it('F9 a receiver that never answers: at most maxConcurrent deliveries in flight, not one socket per job', async () => {
    let open = 0;
    let sockets = 0;
    const silent = await receiver((req) => {
      req.resume(); // read the body, never answer
    });
    silent.server.on('connection', (socket) => {
      sockets = Math.max(sockets, ++open);
      socket.on('close', () => open--);
    });
    // The real fetch, counted from the gateway's side (a socket it gave up on may close at the
    // receiver a moment after the next one opens, so socket counts there lag).
    let inFlight = 0;
    let peak = 0;
    const counted = (async (url: string, init: RequestInit) => {
      peak = Math.max(peak, ++inFlight);
      try {
        return await fetch(url, init);
      } finally {
        inFlight--;
      }
    }) as typeof fetch;
    const gateway = await gatewayWithJobs(silent.url, 40, { maxConcurrent: 4, timeoutMs: 150, fetch: counted });
    expect(peak).toBe(4);
    expect(sockets).toBeGreaterThan(0);
    expect(sockets).toBeLessThan(40); // it opened 2,000 at once before
    const attempts = gateway.videos.webhookAttempts();
    expect(attempts).toHaveLength(40);
    expect(attempts.every((a) => !a.ok)).toBe(true);
  }, 30_000);

  it('F9 a receiver that streams a huge answer: a few KiB are read, the rest is dropped', async () => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const streaming = await receiver((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const pump = () => {
        while (written < 500 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const gateway = await gatewayWithJobs(streaming.url, 3);
    expect(gateway.videos.webhookAttempts().map((a) => a.ok)).toEqual([true, true, true]);
    // What the receiver managed to push before the gateway hung up: socket buffers, not 500 MB.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  }, 30_000);

  it('the HTTPS/localhost rule holds on every attempt (a restored job, a server without the opt-in)', async () => {
    const calls: string[] = [];
    const clock = virtualClock();
    const first = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, webhooks: { allowInsecureLocalhost: true } });
    const res = await first.fetch('/videos', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'http://localhost:9/hook' }),
    });
    expect(res.status).toBe(202);
    const second = createGateway({
      baseUrl: 'http://gw.test/api/v1',
      clock,
      webhooks: { maxAttempts: 1, fetch: (async (url: string) => void calls.push(url)) as unknown as typeof fetch },
      videoJobs: { restore: first.videos.snapshot() },
    });
    await second.videos.ready;
    await clock.advance(3_600_000);
    await second.videos.webhooksIdle();
    expect(calls).toEqual([]);
    expect(second.videos.webhookAttempts()[0]).toMatchObject({ ok: false, error: expect.stringMatching(/callback_url must be an HTTPS URL/) });
  });

  describe('issue 25.1 a webhook can never reach the simulator itself, whatever the flags', () => {
    const selfTargets = (port: number) => [
      `http://127.0.0.1:${port}/__gatewaykit/reset`,
      `http://localhost:${port}/__gatewaykit/videos/x/cancel`,
      `http://[::1]:${port}/x/../__gatewaykit/reset`,
      `http://127.0.0.1:${port}/api/v1/videos`,
      `http://localhost:${port}/hook`,
      `https://127.0.0.1:${port}/__GATEWAYKIT/reset`,
      `https://2130706433:${port}/hook`,
      `https://0x7f000001:${port}/hook`,
      `https://[::ffff:127.0.0.1]:${port}/hook`,
      `https://0.0.0.0:${port}/hook`,
      `https://gw.localhost:${port}/hook`,
      `https://elsewhere.example/__gatewaykit/reset`,
    ];

    it('a real server refuses every form of its own address and the control prefix with a 400 naming callback_url; nothing is reset', async () => {
      const running = await startServer({ port: 0, clock: virtualClock(), webhooks: { allowInsecureLocalhost: true, maxAttempts: 1 } });
      try {
        const submit = (callback_url: string) =>
          fetch(`${running.baseUrl}/videos`, { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x', callback_url }) });
        const kept = await submit(`http://127.0.0.1:9/elsewhere`);
        expect(kept.status).toBe(202);
        for (const target of selfTargets(running.port)) {
          const res = await submit(target);
          const body = (await res.json()) as { error: { message: string } };
          expect({ target, status: res.status }).toEqual({ target, status: 400 });
          expect(body.error.message).toMatch(/^callback_url: must not point at (the simulator's control API|this gateway itself)/);
        }
        expect(running.gateway.videos.list()).toHaveLength(1);
      } finally {
        await running.close();
      }
    });

    it('in-process (msw, gateway.fetch) the gateway origin and the control prefix are refused too', async () => {
      const gateway = createGateway({ baseUrl: 'https://gw.test/api/v1', webhooks: { allowInsecureLocalhost: true } });
      for (const callback_url of ['https://gw.test/hook', 'https://GW.test:443/x', 'http://localhost:9/__gatewaykit/reset']) {
        const res = await gateway.fetch('/videos', { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x', callback_url }) });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^callback_url: must not point at/);
      }
      expect(() => createGateway({ baseUrl: 'http://gw.test/api/v1', webhooks: { defaultCallbackUrl: 'https://x.example/__gatewaykit/reset' } })).toThrow(
        /must not point at the simulator's control API/,
      );
    });

    it('the control API refuses a webhook delivery (its signature or user agent) even from loopback with JSON', async () => {
      const running = await startServer({ port: 0 });
      try {
        const origin = new URL(running.baseUrl).origin;
        for (const mark of [{ 'x-gateway-signature': 't=1,v1=00' }, { 'user-agent': 'gatewaykit-webhooks' }] as Record<string, string>[]) {
          const res = await fetch(`${origin}/__gatewaykit/reset`, { method: 'POST', headers: { 'content-type': 'application/json', ...mark }, body: '{}' });
          expect(res.status).toBe(403);
          expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/does not answer webhook deliveries/);
        }
        const plain = await fetch(`${origin}/__gatewaykit/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(plain.status).toBe(200);
      } finally {
        await running.close();
      }
    });

    it('a job restored with a self-targeting callback_url is never delivered there', async () => {
      const calls: string[] = [];
      const clock = virtualClock();
      const first = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, webhooks: { allowInsecureLocalhost: true } });
      await first.fetch('/videos', {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'http://localhost:9/hook' }),
      });
      const snapshot = first.videos.snapshot();
      snapshot.jobs[0]!.webhook!.url = 'http://localhost:9/__gatewaykit/reset';
      const second = createGateway({
        baseUrl: 'http://gw.test/api/v1',
        clock,
        webhooks: { allowInsecureLocalhost: true, maxAttempts: 1, fetch: (async (url: string) => void calls.push(url)) as unknown as typeof fetch },
        videoJobs: { restore: snapshot },
      });
      await second.videos.ready;
      await clock.advance(3_600_000);
      await second.videos.webhooksIdle();
      expect(calls).toEqual([]);
      expect(second.videos.webhookAttempts()[0]).toMatchObject({ ok: false, error: expect.stringMatching(/control API/) });
    });
  });
});
