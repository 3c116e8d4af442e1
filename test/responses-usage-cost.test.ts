import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEYS } from '../src/auth/api-key.ts';
import { DEFAULT_CATALOG } from '../src/catalog/default-catalog.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { usageCost } from '../src/generation/usage-cost.ts';
import { UsageSchema } from '../src/schemas/usage.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';
const keys = [...DEFAULT_API_KEYS, { key: 'sk-gw-byok', kind: 'standard' as const, credits: 1_000_000, byok: true }];
const long = (topic: string) => `Background on ${topic}: ${'The committee reviewed every clause of the draft in turn. '.repeat(40)}`;

type Usage = {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number; cache_write_tokens: number };
  output_tokens: number;
  cost: number;
  is_byok: boolean;
  cost_details: Record<string, number | null>;
};

describe.each(TARGET_KINDS)('usage cost, is_byok and prompt caching (%s)', (kind) => {
  let target: Target;
  const clock = virtualClock();
  beforeAll(async () => {
    target = await startTarget(kind, { clock, seed: 11, keys });
  });
  afterAll(() => target.close());

  const create = async (body: Record<string, unknown>, key = 'sk-gw-test', headers: Record<string, string> = {}) => {
    const res = await target.fetch('/responses', { method: 'POST', headers: jsonHeaders(key, headers), body: JSON.stringify({ model: MODEL, ...body }) });
    expect(res.status).toBe(200);
    return res;
  };
  const usageOf = async (body: Record<string, unknown>, key?: string) => ((await (await create(body, key)).json()) as { usage: Usage }).usage;

  it('usage.cost is priced from the serving endpoint of the catalogue; is_byok false for an ordinary key', async () => {
    const res = await create({ input: 'Name three rivers of Europe.' }, 'sk-gw-test', { 'x-gateway-metadata': 'enabled' });
    const body = (await res.json()) as { usage: Usage; gateway_metadata: { endpoints: { available: Array<{ provider: string; selected: boolean }> } } };
    expect(UsageSchema.safeParse(body.usage).success).toBe(true);
    const provider = body.gateway_metadata.endpoints.available.find((e) => e.selected)?.provider;
    const model = DEFAULT_CATALOG.models.find((m) => m.id === MODEL);
    const slug = DEFAULT_CATALOG.providers.find((p) => p.name === provider)?.slug;
    const endpoint = model?.endpoints.find((e) => e.provider === slug);
    expect(endpoint).toBeDefined();
    expect(body.usage.cost).toBeGreaterThan(0);
    expect(body.usage.is_byok).toBe(false);
    expect({ cost: body.usage.cost, is_byok: body.usage.is_byok, cost_details: body.usage.cost_details }).toEqual(
      usageCost(body.usage as never, endpoint!.pricing, false),
    );
  });

  it('a BYOK key reports is_byok true, the 5% fee as cost and the provider cost upstream', async () => {
    const byok = await usageOf({ input: 'Name three rivers of Europe.' }, 'sk-gw-byok');
    const plain = await usageOf({ input: 'Name three rivers of Europe.' });
    expect(byok.is_byok).toBe(true);
    expect(byok.cost_details.upstream_inference_cost).toBe(plain.cost);
    expect(byok.cost).toBeCloseTo(plain.cost * 0.05, 12);
  });

  it('the terminal stream event carries the same usage, cost included', async () => {
    const body = { input: 'Name three rivers of Europe.' };
    const json = await usageOf(body);
    const text = await (await create({ ...body, stream: true })).text();
    const completed = text
      .split('\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)) as { type: string; response?: { usage: Usage } })
      .find((e) => e.type === 'response.completed');
    expect(completed?.response?.usage).toEqual(json);
  });

  it('prompt caching remembers a long prefix for its TTL on the clock: write, read, expire', async () => {
    await target.fetch('/__gatewaykit/reset', { method: 'POST' });
    const input = [
      { role: 'user', content: long('the treaty') },
      { role: 'assistant', content: 'Understood.' },
      { role: 'user', content: 'Summarise it.' },
    ];
    const body = { input, cache_control: { type: 'ephemeral' } };
    const first = await usageOf(body);
    expect(first.input_tokens_details.cached_tokens).toBe(0);
    expect(first.input_tokens_details.cache_write_tokens).toBeGreaterThan(400);
    await clock.advance(4 * 60_000);
    const second = await usageOf(body);
    expect(second.input_tokens_details).toEqual({ cached_tokens: first.input_tokens_details.cache_write_tokens, cache_write_tokens: 0 });
    expect(second.cost).toBeLessThanOrEqual(first.cost);
    // A different prefix misses; another key misses (caches are per key, model and endpoint).
    expect((await usageOf({ ...body, input: [{ role: 'user', content: long('the budget') }, ...input.slice(1)] })).input_tokens_details.cached_tokens).toBe(0);
    expect((await usageOf(body, 'sk-gw-byok')).input_tokens_details.cached_tokens).toBe(0);
    // The read refreshed the TTL (5 minutes): 4 more minutes still hit, 6 more miss.
    await clock.advance(4 * 60_000);
    expect((await usageOf(body)).input_tokens_details.cached_tokens).toBeGreaterThan(0);
    await clock.advance(6 * 60_000);
    expect((await usageOf(body)).input_tokens_details).toEqual({ cached_tokens: 0, cache_write_tokens: first.input_tokens_details.cache_write_tokens });
  });

  it('cache_control.ttl 1h keeps the prefix for an hour', async () => {
    const input = [
      { role: 'user', content: long('the harbour') },
      { role: 'user', content: 'Go on.' },
    ];
    const body = { input, cache_control: { type: 'ephemeral', ttl: '1h' } };
    await usageOf(body);
    await clock.advance(50 * 60_000);
    expect((await usageOf(body)).input_tokens_details.cached_tokens).toBeGreaterThan(0);
  });
});
