import { describe, expect, it } from 'vitest';
import type { GenerationRecord } from '../account/generation-record.ts';
import { virtualClock } from '../clock/virtual-clock.ts';
import type { DestinationRecord } from '../management/destination-record.ts';
import { createDestinationStore } from '../management/destination-store.ts';
import { resolveWebhookSettings } from '../webhooks/webhook-settings.ts';
import { createDestinationDeliverer } from './destination-deliverer.ts';

const WORKSPACE = '00000000-0000-4000-8000-000000000000';
const BASE_URL = 'http://127.0.0.1:8080/api/v1';

const generation = (id: string, extra: Partial<GenerationRecord> = {}): GenerationRecord => ({
  id,
  apiType: 'completions',
  model: 'openai/gpt-4o-mini',
  providerName: 'OpenAI',
  streamed: false,
  finishReason: 'stop',
  tokensPrompt: 10,
  tokensCompletion: 5,
  cost: 0.001,
  isByok: false,
  createdAt: 0,
  latencyMs: 100,
  generationTimeMs: 80,
  apiKey: 'sk-gw-test',
  ...extra,
});

const destination = (seq: number, extra: Partial<DestinationRecord> = {}): DestinationRecord => ({
  id: `d${seq}`,
  workspace_id: WORKSPACE,
  type: 'webhook',
  name: `d${seq}`,
  enabled: true,
  privacy_mode: false,
  broadcast_generation_cost: false,
  broadcast_generation_identity: false,
  broadcast_generation_request_context: false,
  sampling_rate: 1,
  api_key_hashes: null,
  filter_rules: null,
  regions: ['global'],
  config: { url: `https://hooks.test/${seq}` },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  seq,
  ...extra,
});

/** A deliverer over a store of `destinations`, its fetch recording every URL asked for and answering `status`. */
async function setUp(destinations: DestinationRecord[], status = 200, allowInsecureLocalhost = false) {
  const clock = virtualClock(Date.UTC(2026, 0, 1));
  const store = createDestinationStore({ save: async () => {} });
  for (const d of destinations) await store.create(d);
  const asked: string[] = [];
  const fetch = (async (url: string | URL | Request) => {
    asked.push(String(url));
    return new Response(null, { status });
  }) as typeof globalThis.fetch;
  const errors: unknown[] = [];
  const deliverer = createDestinationDeliverer({
    clock,
    destinations: store,
    settings: resolveWebhookSettings({ fetch, maxAttempts: 2, initialBackoffMs: 1_000, allowInsecureLocalhost }, BASE_URL),
    baseUrl: BASE_URL,
    seed: 0,
    caller: () => ({ workspaceId: WORKSPACE, keyName: 'test key', hash: async () => 'a'.repeat(64) }),
    reportError: (error) => errors.push(error),
  });
  return { clock, store, asked, errors, deliverer };
}

describe('createDestinationDeliverer', () => {
  it('never sends to the gateway itself or its control API, even from a stored destination; the refusal is a visible failure', async () => {
    const { store, asked, deliverer, errors } = await setUp(
      [
        destination(1, { config: { url: 'http://127.0.0.1:8080/api/v1/chat/completions' } }),
        destination(2, { config: { url: 'https://anywhere.test/__gatewaykit/reset' } }),
      ],
      200,
      true,
    );
    deliverer.broadcast(generation('gen-1'));
    await store.deliveries.idle();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    expect(store.deliveries.failures().map((f) => [f.destination_id, f.attempt, f.gave_up, f.error])).toEqual([
      ['d1', 1, false, expect.stringMatching(/^destination URL must not point at this gateway itself/)],
      ['d2', 1, false, expect.stringMatching(/control API/)],
    ]);
  });

  it('sends only where the key, the sample and the filter rules let it, and only to delivered types', async () => {
    const { store, asked, deliverer } = await setUp([
      destination(1),
      destination(2, { api_key_hashes: ['b'.repeat(64)] }),
      destination(3, { sampling_rate: 0.0001 }),
      destination(4, {
        filter_rules: { enabled: true, groups: [{ logic: 'and', rules: [{ field: 'model', operator: 'starts_with', value: 'anthropic/' }] }] },
      }),
      destination(5, {
        filter_rules: {
          enabled: true,
          groups: [
            {
              logic: 'or',
              rules: [
                { field: 'total_tokens', operator: 'gte', value: 15 },
                { field: 'model', operator: 'equals', value: 'x' },
              ],
            },
          ],
        },
      }),
      destination(6, { type: 'langfuse', config: { secretKey: 'sk-l...AbCd', publicKey: 'pk-l...EfGh' } }),
      destination(7, { type: 'otel-collector', enabled: false, config: { endpoint: 'https://otel.test/v1/traces' } }),
    ]);
    deliverer.broadcast(generation('gen-1'));
    await store.deliveries.idle();
    expect(asked.sort()).toEqual(['https://hooks.test/1', 'https://hooks.test/5']);
  });

  it('retries a failing receiver after the backoff on the clock, at most maxAttempts times; a reset drops what waits', async () => {
    const { clock, store, asked, deliverer } = await setUp([destination(1)], 503);
    deliverer.broadcast(generation('gen-1'));
    await store.deliveries.idle();
    expect(asked).toHaveLength(1);
    expect(store.deliveries.stats('d1')).toMatchObject({ pending: 1, failed: 0, last_error: 'receiver answered HTTP 503' });
    await clock.advance(1_000);
    await store.deliveries.idle();
    expect(asked).toHaveLength(2);
    expect(store.deliveries.stats('d1')).toMatchObject({ pending: 0, failed: 1 });
    deliverer.broadcast(generation('gen-2'));
    await store.deliveries.idle();
    deliverer.reset();
    await clock.advance(60_000);
    await store.deliveries.idle();
    expect(asked).toHaveLength(3);
    expect(clock.pendingTimers()).toBe(0);
  });
});
