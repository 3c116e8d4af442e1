import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/** Control API provider names: a slug or the name gateway_metadata shows, case-insensitively; unknown -> 404. */
describe.each(TARGET_KINDS)('control API provider names (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 5, catalog: 'small' });
  });
  afterAll(() => target.close());

  const control = (method: string, provider: string, body?: unknown) =>
    target.fetch(`/__gatewaykit/providers/${encodeURIComponent(provider)}/faults`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const attempts = async () => {
    const res = await target.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders('sk-gw-test', { 'x-gateway-metadata': 'enabled' }),
      body: JSON.stringify({ model: 'openai/gpt-5-mini', input: 'Hi', provider: { order: ['openai', 'azure'] } }),
    });
    const body = (await res.json()) as { gateway_metadata: { attempts: Array<{ provider: string; status: number }> } };
    return body.gateway_metadata.attempts.map((a) => [a.provider, a.status]);
  };

  it.each([['OpenAI'], ['openai'], ['OPENAI']])('POST .../providers/%s/faults fires on the provider', async (name) => {
    const res = await control('POST', name, { status: 503, count: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, provider: 'openai', status: 503, count: 1 });
    expect(await attempts()).toEqual([
      ['OpenAI', 503],
      ['Azure', 200],
    ]);
    expect(await attempts()).toEqual([['OpenAI', 200]]);
  });

  it('a multi-word display name works URL-encoded, and DELETE takes the name too', async () => {
    expect((await control('POST', 'Google Vertex', { status: 502 })).status).toBe(200);
    expect(target.gateway.control.providerFaults()).toHaveProperty('google-vertex');
    expect((await control('DELETE', 'google vertex')).status).toBe(200);
    expect(target.gateway.control.providerFaults()).not.toHaveProperty('google-vertex');
  });

  it.each([['POST'], ['DELETE']])('%s on an unknown provider is a 404 in the error envelope listing the known slugs', async (method) => {
    const res = await control(method, 'nonexistent', method === 'POST' ? { status: 503 } : undefined);
    expect(res.status).toBe(404);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error.code).toBe(404);
    expect(body.error.message).toContain('Unknown provider "nonexistent"');
    expect(body.error.message).toContain('openai, azure, anthropic');
    expect(target.gateway.control.providerFaults()).toEqual({});
  });

  it('the in-process method follows the same rules', () => {
    expect(target.gateway.control.failProvider('Together', 529, 1)).toBe('together');
    expect(() => target.gateway.control.failProvider('nobody', 529)).toThrow(/Unknown provider "nobody"/);
    target.gateway.control.clearProviderFaults();
  });
});
