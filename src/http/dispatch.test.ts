import { gatewayInternals } from '../gateway/gateway-internals.ts';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../clock/virtual-clock.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { ErrorBodySchema } from '../schemas/error-body.ts';
import { isLoopback } from './dispatch.ts';

/** The core, exercised through gateway.handle with the placeholder-free operations it owns. */
function gateway() {
  return createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
}
const JSON_TYPE = { 'content-type': 'application/json' };
const auth = (key = 'sk-gw-test') => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
const post = (path: string, body: unknown, headers: Record<string, string> = auth()) =>
  new Request(`http://gw.test${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

async function expectEnvelope(res: Response, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = ErrorBodySchema.parse(await res.json());
  expect(body.error.code).toBe(status);
  if (message) expect(body.error.message).toMatch(message);
  return body;
}

describe('dispatch: routing and the spec 7 envelope', () => {
  it('unknown paths, paths outside the base and wrong methods answer in the envelope', async () => {
    const gw = gateway();
    await expectEnvelope(await gw.handle(new Request('http://gw.test/api/v1/nope')), 404, /No such operation/);
    await expectEnvelope(await gw.handle(new Request('http://gw.test/elsewhere')), 404, /lives under \/api\/v1/);
    const res = await gw.handle(new Request('http://gw.test/api/v1/responses', { method: 'GET', headers: auth() }));
    await expectEnvelope(res, 405, /allowed: POST/);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('401 without or with a bad key, before anything else is looked at (spec 5.2)', async () => {
    const gw = gateway();
    await expectEnvelope(await gw.handle(post('/api/v1/responses', '{bad', { 'content-type': 'application/json' })), 401, /Missing Authentication/);
    await expectEnvelope(await gw.handle(post('/api/v1/responses', {}, auth('sk-nope'))), 401, /Invalid API key/);
  });

  it('402 for the key without credits on a paid operation', async () => {
    await expectEnvelope(await gateway().handle(post('/api/v1/responses', { model: 'x', input: 'hi' }, auth('sk-gw-no-credits'))), 402, /credits/i);
  });

  it('429 with Retry-After for the rate-limited key after its first request', async () => {
    const gw = gateway();
    await gw.handle(post('/api/v1/responses', { input: 'hi' }, auth('sk-gw-rate-limited')));
    const res = await gw.handle(post('/api/v1/responses', { input: 'hi' }, auth('sk-gw-rate-limited')));
    await expectEnvelope(res, 429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('malformed JSON, a non-JSON content type and invalid UTF-8 are 400s', async () => {
    const gw = gateway();
    await expectEnvelope(await gw.handle(post('/api/v1/responses', '{"model":')), 400, /Malformed JSON/);
    await expectEnvelope(
      await gw.handle(post('/api/v1/responses', 'model=x', { ...auth(), 'content-type': 'application/x-www-form-urlencoded' })),
      400,
      /Content-Type/,
    );
    const bad = new Request('http://gw.test/api/v1/responses', { method: 'POST', headers: auth(), body: new Uint8Array([0x22, 0xc3, 0x28, 0x22]) });
    await expectEnvelope(await gw.handle(bad), 400, /UTF-8/);
  });

  it('413 for a body over the limit, in the envelope', async () => {
    const gw = createGateway({ baseUrl: 'http://gw.test/api/v1', maxBodyBytes: 64 });
    await expectEnvelope(await gw.handle(post('/api/v1/responses', { input: 'x'.repeat(100) })), 413, /64-byte limit/);
  });

  it('X-Gatewaykit-Fault forces every documented status of the operation, with Retry-After where documented', async () => {
    const gw = gateway();
    for (const status of [400, 401, 402, 403, 404, 408, 413, 422, 429, 500, 502, 503, 524, 529]) {
      const res = await gw.handle(post('/api/v1/responses', { input: 'hi' }, { ...auth(), 'x-gatewaykit-fault': String(status) }));
      const body = await expectEnvelope(res, status);
      if (status === 403) expect(body.error.metadata).toMatchObject({ patterns: expect.any(Array) });
      if (status === 429 || status === 503) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(body.gateway_metadata).toBeUndefined();
    }
  });

  it('errors rejected before routing carry gateway_metadata when the header asks (spec 2.6), and only then', async () => {
    const gw = gateway();
    const on = await expectEnvelope(await gw.handle(post('/api/v1/responses', '{bad', { ...auth(), 'x-gateway-experimental-metadata': 'enabled' })), 400);
    expect(on.gateway_metadata).toMatchObject({ attempt: 0, endpoints: { available: [], total: 0 }, pipeline: [] });
    const unauth = await expectEnvelope(await gw.handle(post('/api/v1/responses', '{}', { 'x-gateway-metadata': 'enabled' })), 401);
    expect(unauth.gateway_metadata).toBeDefined();
    const off = await expectEnvelope(await gw.handle(post('/api/v1/responses', '{bad', { ...auth(), 'x-gateway-metadata': 'disabled' })), 400);
    expect(off.gateway_metadata).toBeUndefined();
  });

  it('a forced guardrail 403 carries the guardrail stage when metadata is enabled (spec 7, 2.6)', async () => {
    const res = await gateway().handle(post('/api/v1/responses', { input: 'hi' }, { ...auth(), 'x-gatewaykit-fault': '403', 'X-Gateway-Metadata': 'ENABLED' }));
    const body = await expectEnvelope(res, 403);
    const pipeline = (body.gateway_metadata as { pipeline: Array<Record<string, unknown>> }).pipeline;
    expect(pipeline[0]).toMatchObject({ type: 'guardrail', data: { detected: true, patterns: expect.any(Array) } });
  });

  it('an undocumented or unknown fault value is the caller’s 400, naming the header', async () => {
    const gw = gateway();
    await expectEnvelope(await gw.handle(post('/api/v1/responses', {}, { ...auth(), 'x-gatewaykit-fault': '418' })), 400, /X-Gatewaykit-Fault/);
    await expectEnvelope(await gw.handle(post('/api/v1/responses', {}, { ...auth(), 'x-gatewaykit-chunking': 'sideways' })), 400, /X-Gatewaykit-Chunking/);
  });

  it('every API response carries X-Generation-Id; CORS preflight is answered', async () => {
    const gw = gateway();
    const res = await gw.handle(new Request('http://gw.test/api/v1/nope', { headers: { origin: 'http://app.test' } }));
    expect(res.headers.get('x-generation-id')).toMatch(/^gen-\d+-[0-9A-Za-z]{20}$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const pre = await gw.handle(new Request('http://gw.test/api/v1/responses', { method: 'OPTIONS' }));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });

  it('a bug in an operation is a masked 500, reported to onError', async () => {
    const errors: unknown[] = [];
    const gw = createGateway({
      baseUrl: 'http://gw.test/api/v1',
      catalog: { providers: [], models: [] },
      onError: (e) => errors.push(e),
    });
    // The control route's own handler is fine; force a bug by handing the journal a bad request stream.
    const broken = new Request('http://gw.test/api/v1/responses', {
      method: 'POST',
      headers: auth(),
      body: new ReadableStream({ pull: () => Promise.reject(new Error('socket exploded')) }),
      duplex: 'half',
    } as RequestInit);
    const res = await gw.handle(broken);
    await expectEnvelope(res, 500, /^Internal Server Error$/);
    expect(String(errors[0])).toMatch(/socket exploded/);
  });
});

describe('control API', () => {
  it('refuses non-loopback callers with 403 and serves loopback ones', async () => {
    const gw = gateway();
    await expectEnvelope(await gw.handle(new Request('http://gw.test/__gatewaykit/requests'), { remoteAddress: '10.0.0.5' }), 403, /loopback/);
    expect(
      (await gw.handle(new Request('http://gw.test/__gatewaykit/requests', { headers: { host: '127.0.0.1:8080' } }), { remoteAddress: '::ffff:127.0.0.1' }))
        .status,
    ).toBe(200);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('127.8.9.10')).toBe(true);
    expect(isLoopback('192.168.1.1')).toBe(false);
  });

  it('journals requests (authorization masked), and reset clears the journal and rewinds the clock', async () => {
    const clock = virtualClock();
    const gw = createGateway({ baseUrl: 'http://gw.test/api/v1', clock });
    await gw.handle(post('/api/v1/responses', { input: 'hello' }));
    await gw.fetch('/__gatewaykit/clock/advance', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ ms: 5000 }) });
    const journal = await (await gw.fetch('/__gatewaykit/requests')).json();
    expect(journal.total).toBe(1);
    expect(journal.data[0]).toMatchObject({ method: 'POST', path: '/api/v1/responses', operation: 'responses.create', status: 200, body: { input: 'hello' } });
    expect(journal.data[0].headers.authorization).not.toContain('sk-gw-test');
    const start = clock.now() - 5000;
    await gw.fetch('/__gatewaykit/reset', { method: 'POST', headers: JSON_TYPE });
    expect(gw.control.requests()).toEqual([]);
    expect(clock.now()).toBe(start);
  });

  it('clock/advance validates its body and needs a virtual clock', async () => {
    const gw = gateway();
    await expectEnvelope(await gw.fetch('/__gatewaykit/clock/advance', { method: 'POST', headers: JSON_TYPE, body: '{"ms":-1}' }), 400, /ms/);
    const sys = createGateway({ baseUrl: 'http://gw.test/api/v1' });
    await expectEnvelope(await sys.fetch('/__gatewaykit/clock/advance', { method: 'POST', headers: JSON_TYPE, body: '{"ms":1}' }), 400, /virtual/);
  });

  it('provider faults can be set, listed, validated and cleared', async () => {
    const gw = gateway();
    const set = await gw.fetch('/__gatewaykit/providers/openai/faults', {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ status: 503, count: 2 }),
    });
    expect(set.status).toBe(200);
    expect(gw.control.providerFaults()).toEqual({ openai: { status: 503, remaining: 2 } });
    expect(gatewayInternals(gw)!.providerFaults.take('openai')).toBe(503);
    expect(gatewayInternals(gw)!.providerFaults.take('openai')).toBe(503);
    expect(gatewayInternals(gw)!.providerFaults.take('openai')).toBeUndefined();
    await expectEnvelope(
      await gw.fetch('/__gatewaykit/providers/openai/faults', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ status: 200 }) }),
      400,
      /provider fault status/,
    );
    gw.control.failProvider('groq', 502);
    await gw.fetch('/__gatewaykit/providers/groq/faults', { method: 'DELETE' });
    expect(gw.control.providerFaults()).toEqual({});
  });
});

describe('control API: clock bounds', () => {
  it('refuses to advance a virtual clock past the last representable time, and keeps answering', async () => {
    const gw = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const res = await gw.fetch('/__gatewaykit/clock/advance', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ ms: 1e16 }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/last representable time/);
    const clock = await gw.fetch('/__gatewaykit/clock');
    expect(clock.status).toBe(200);
    expect((await clock.json()).now_iso).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('journal bodies', () => {
  it('keeps small bodies and only the size of large ones', async () => {
    const gw = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    await gw.handle(post('/api/v1/responses', { input: 'small' }));
    await gw.handle(post('/api/v1/responses', { input: 'x'.repeat(100 * 1024) }));
    const [small, large] = gw.control.requests();
    expect(small).toMatchObject({ body: { input: 'small' }, body_bytes: 17 });
    expect(large?.body).toBeUndefined();
    expect(large?.body_bytes).toBeGreaterThan(100 * 1024);
  });

  it('a control-API preflight from a non-loopback caller is refused too', async () => {
    const gw = gateway();
    const res = await gw.handle(new Request('http://gw.test/__gatewaykit/reset', { method: 'OPTIONS' }), { remoteAddress: '10.0.0.5' });
    await expectEnvelope(res, 403, /loopback/);
  });
});
