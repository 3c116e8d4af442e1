import { describe, expect, it } from 'vitest';
import type { ActivityRow } from '../schemas/activity-row.ts';
import { createActivityLedger } from './activity-ledger.ts';
import type { GenerationRecord } from './generation-record.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 10, 12);
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

function record(apiKey: string, createdAt: number, cost: number, extra: Partial<GenerationRecord> = {}): GenerationRecord {
  return {
    id: `gen-${createdAt}-${cost}`,
    apiType: 'completions',
    model: 'openai/gpt-4o-mini',
    providerName: 'OpenAI',
    streamed: false,
    finishReason: 'stop',
    tokensPrompt: 10,
    tokensCompletion: 5,
    cost,
    isByok: false,
    createdAt,
    latencyMs: 100,
    generationTimeMs: 80,
    apiKey,
    ...extra,
  };
}

function ledgerAt(clock: { now: number }, extra: Partial<Parameters<typeof createActivityLedger>[0]> = {}) {
  return createActivityLedger({
    now: () => clock.now,
    attribute: (key) => ({ keyHash: key === 'a' ? HASH_A : HASH_B, workspaceId: 'ws', userId: null }),
    ...extra,
  });
}

describe('the activity ledger', () => {
  it('sums answers per day, model, provider and key, whatever order they come in', async () => {
    const clock = { now: START };
    const ledger = ledgerAt(clock);
    ledger.record(record('a', START, 0.1));
    ledger.record(record('a', START + 1000, 0.2, { isByok: true, upstreamCost: 0.5, reasoningTokens: 3 }));
    ledger.record(record('b', START, 0.3));
    ledger.record(record('a', START - DAY, 0.4));
    const rows = await ledger.rows();
    const a = rows.find((r) => r.key_hash === HASH_A && r.day === '2026-01-10') as ActivityRow;
    expect(a).toMatchObject({ requests: 2, cost: 0.3, byok_cost: 0.5, prompt_tokens: 20, completion_tokens: 10, reasoning_tokens: 3, latency_ms: 200 });
    expect(rows).toHaveLength(3);
  });

  it('waits for attributions still being worked out, and drops those a reset overtook', async () => {
    const clock = { now: START };
    const ledger = ledgerAt(clock, { attribute: async () => ({ keyHash: HASH_A, workspaceId: 'ws', userId: 'u' }) });
    ledger.record(record('a', START, 0.1));
    expect((await ledger.rows()).map((r) => r.requests)).toEqual([1]);
    ledger.record(record('a', START, 0.1));
    ledger.clear();
    expect(await ledger.rows()).toEqual([]);
  });

  it('keeps 31 days, tells the persistence of every change, and restores what it saved', async () => {
    const clock = { now: START };
    const saved = new Map<string, ActivityRow>();
    const persistence = { put: (id: string, row: ActivityRow) => void saved.set(id, row), delete: (id: string) => void saved.delete(id) };
    const ledger = ledgerAt(clock, { persistence });
    ledger.record(record('a', START, 0.1));
    clock.now += 30 * DAY;
    ledger.record(record('b', clock.now, 0.2));
    expect((await ledger.rows()).map((r) => r.day)).toEqual(['2026-01-10', '2026-02-09']);
    const restored = ledgerAt(clock, { restore: [...saved.values()] });
    expect(await restored.rows()).toEqual(await ledger.rows());
    clock.now += DAY;
    expect((await ledger.rows()).map((r) => r.day)).toEqual(['2026-02-09']);
    expect([...saved.values()].map((r) => r.day)).toEqual(['2026-02-09']);
  });

  it('keeps at most maxRows cells: the oldest days make room, today is never dropped for today', async () => {
    const clock = { now: START };
    const ledger = ledgerAt(clock, { maxRows: 2 });
    ledger.record(record('a', START - 2 * DAY, 0.1));
    ledger.record(record('a', START - DAY, 0.1));
    ledger.record(record('a', START, 0.1));
    expect((await ledger.rows()).map((r) => r.day)).toEqual(['2026-01-09', '2026-01-10']);
    ledger.record(record('b', START, 0.1));
    ledger.record(record('b', START, 0.1, { model: 'other/model' }));
    expect((await ledger.rows()).map((r) => [r.day, r.key_hash === HASH_A ? 'a' : 'b'])).toEqual([
      ['2026-01-10', 'a'],
      ['2026-01-10', 'b'],
    ]);
  });

  it('counts again after a reset that rewinds the clock (a virtual clock goes back to its start)', async () => {
    const clock = { now: START + 40 * DAY };
    const ledger = ledgerAt(clock);
    ledger.record(record('a', clock.now, 0.1));
    ledger.clear();
    clock.now = START;
    ledger.record(record('a', START, 0.2));
    expect((await ledger.rows()).map((r) => [r.day, r.cost])).toEqual([['2026-01-10', 0.2]]);
  });
});
