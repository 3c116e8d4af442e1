import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock, type VirtualClock } from '../../src/clock/index.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { gatewayInternals } from '../../src/gateway/gateway-internals.ts';
import { verifyWebhookSignature } from '../../src/webhooks/webhook-signature.ts';

const SECRET = 'whsec_test_destinations';
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const USER = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

interface Delivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real receiver on 127.0.0.1 (port 0); `answers` are the statuses it replies with in turn (then 200). */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const answers: number[] = [];
  /** While set, answers wait here until released (a receiver slower than any answer). */
  const held: Array<() => void> = [];
  const state = { hold: false };
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = () => void res.writeHead(answers.shift() ?? 200).end();
      if (state.hold) held.push(answer);
      else answer();
      for (const w of waiters.filter((w) => deliveries.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/traces`,
    deliveries,
    answers,
    state,
    release: () => held.splice(0).forEach((answer) => answer()),
    /** Resolves once `count` deliveries arrived (the receiver signals; nothing sleeps). */
    received: (count: number) => (deliveries.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

type Span = { traceId: string; spanId: string; name: string; attributes: Array<{ key: string; value: Record<string, unknown> }> };
const spanOf = (body: string): Span => JSON.parse(body).resourceSpans[0].scopeSpans[0].spans[0];
const attr = (span: Span, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
};

describe('observability destinations: delivery of paid generations (issue 38 item 7)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let clock: VirtualClock;
  let gw: Gateway;
  const idle = () => gatewayInternals(gw)!.management.destinations.deliveries.idle();

  beforeAll(async () => {
    receiver = await startReceiver();
    clock = virtualClock(Date.UTC(2026, 10, 28, 12));
    gw = createGateway({ clock, webhooks: { secret: SECRET, allowInsecureLocalhost: true, initialBackoffMs: 1_000, maxAttempts: 3 } });
  });
  afterAll(() => receiver.close());

  it('a chat generation arrives signed, as OTLP/JSON, with the config headers, cost and identity, and the prompt', async () => {
    const config = { url: receiver.url, headers: { Authorization: 'Bearer receiver-token-0123456789' } };
    const created = await call(gw, 'POST', '/observability/destinations', {
      type: 'webhook',
      name: 'receiver',
      config,
      broadcast_generation_cost: true,
      broadcast_generation_identity: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.config.headers.Authorization).toBe('Bear...6789');
    const chat = await call(
      gw,
      'POST',
      '/chat/completions',
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello.' }], user: 'u-42' },
      USER,
    );
    expect(chat.status).toBe(200);
    await receiver.received(1);
    const [delivery] = receiver.deliveries;
    expect(delivery!.method).toBe('POST');
    expect(delivery!.path).toBe('/traces');
    expect(delivery!.headers.authorization).toBe(config.headers.Authorization);
    expect(delivery!.headers['content-type']).toBe('application/json');
    const verified = await verifyWebhookSignature({
      payload: delivery!.body,
      header: delivery!.headers['x-gateway-signature'] as string,
      secret: SECRET,
      now: clock.now(),
    });
    expect(verified).toMatchObject({ valid: true });
    const generationId = chat.headers.get('x-generation-id');
    expect(delivery!.headers['x-gateway-idempotency-key']).toBe(`${generationId}-${created.body.data.id}`);
    const span = spanOf(delivery!.body);
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(attr(span, 'gen_ai.response.id')).toBe(generationId);
    expect(attr(span, 'gen_ai.request.model')).toBe('openai/gpt-4o-mini');
    expect(attr(span, 'gen_ai.operation.name')).toBe('chat');
    expect(Number(attr(span, 'gen_ai.usage.input_tokens'))).toBe(chat.body.usage.prompt_tokens);
    expect(Number(attr(span, 'gen_ai.usage.output_tokens'))).toBe(chat.body.usage.completion_tokens);
    expect(attr(span, 'gen_ai.usage.cost')).toBe(chat.body.usage.cost);
    expect(attr(span, 'user.id')).toBe('u-42');
    expect(attr(span, 'gen_ai.prompt')).toContain('Say hello.');
    expect(attr(span, 'gen_ai.completion')).toBe(chat.body.choices[0].message.content);
    // Request context was not asked for.
    expect(attr(span, 'user_agent.original')).toBeUndefined();
    await idle();
    const state = await (await gw.fetch('/__gatewaykit/management')).json();
    expect(state.destinations[0].deliveries).toMatchObject({ delivered: 1, pending: 0, failed: 0 });
    expect(JSON.stringify(state)).not.toContain('receiver-token');
    expect(JSON.stringify(gw.requests())).not.toContain('receiver-token');
    await call(gw, 'DELETE', `/observability/destinations/${created.body.data.id}`);
  });

  it('a failing receiver gets bounded retries with backoff on the gateway clock, then the failure is visible', async () => {
    const before = receiver.deliveries.length;
    const created = await call(gw, 'POST', '/observability/destinations', { type: 'webhook', name: 'failing', config: { url: receiver.url, method: 'PUT' } });
    receiver.answers.push(500, 500, 500);
    const chat = await call(gw, 'POST', '/chat/completions', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Fail me.' }] }, USER);
    expect(chat.status).toBe(200);
    await receiver.received(before + 1);
    await idle();
    // Nothing more until the backoff has passed on the gateway clock.
    await clock.advance(999);
    await idle();
    expect(receiver.deliveries.length).toBe(before + 1);
    await clock.advance(1);
    await receiver.received(before + 2);
    await idle();
    await clock.advance(2_000);
    await receiver.received(before + 3);
    await idle();
    await clock.advance(60_000);
    await idle();
    const sent = receiver.deliveries.slice(before);
    expect(sent.map((d) => d.method)).toEqual(['PUT', 'PUT', 'PUT']);
    // The same bytes every attempt (receivers dedupe on the idempotency key).
    expect(new Set(sent.map((d) => d.body)).size).toBe(1);
    expect(new Set(sent.map((d) => d.headers['x-gateway-idempotency-key'])).size).toBe(1);
    const state = await (await gw.fetch('/__gatewaykit/management')).json();
    const row = state.destinations.find((d: { id: string }) => d.id === created.body.data.id);
    expect(row.deliveries).toMatchObject({ delivered: 0, pending: 0, failed: 1, last_error: 'receiver answered HTTP 500' });
    const failures = state.destination_failures.filter((f: { destination_id: string }) => f.destination_id === created.body.data.id);
    expect(failures.map((f: { attempt: number; gave_up: boolean }) => [f.attempt, f.gave_up])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('a receiver that has not answered yet delays no answer: the generation is answered, its delivery pending', async () => {
    const before = receiver.deliveries.length;
    const created = await call(gw, 'POST', '/observability/destinations', { type: 'otel-collector', name: 'slow', config: { endpoint: receiver.url } });
    receiver.state.hold = true;
    const chat = await call(gw, 'POST', '/chat/completions', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Quick.' }] }, USER);
    expect(chat.status).toBe(200);
    await receiver.received(before + 1);
    const during = await (await gw.fetch('/__gatewaykit/management')).json();
    expect(during.destinations.find((d: { id: string }) => d.id === created.body.data.id).deliveries).toMatchObject({ pending: 1, delivered: 0 });
    receiver.state.hold = false;
    receiver.release();
    await idle();
    const after = await (await gw.fetch('/__gatewaykit/management')).json();
    expect(after.destinations.find((d: { id: string }) => d.id === created.body.data.id).deliveries).toMatchObject({ pending: 0, delivered: 1 });
    await call(gw, 'DELETE', `/observability/destinations/${created.body.data.id}`);
  });

  it('a workspace without destinations, a disabled destination and a stored-only type get nothing', async () => {
    const before = receiver.deliveries.length;
    const disabled = await call(gw, 'POST', '/observability/destinations', { type: 'webhook', name: 'off', enabled: false, config: { url: receiver.url } });
    expect(disabled.status).toBe(201);
    const datadog = await call(gw, 'POST', '/observability/destinations', {
      type: 'datadog',
      name: 'dd',
      config: { apiKey: 'dd-0123456789abcdef', mlApp: 'a' },
    });
    expect(datadog.status).toBe(201);
    await call(gw, 'PATCH', `/observability/destinations/${(await call(gw, 'GET', '/observability/destinations')).body.data[0].id}`, { enabled: false });
    const chat = await call(gw, 'POST', '/chat/completions', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi.' }] }, USER);
    expect(chat.status).toBe(200);
    await idle();
    expect(receiver.deliveries.length).toBe(before);
  });
});
