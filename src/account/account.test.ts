import { describe, expect, it } from 'vitest';
import { parseApiKeys } from '../auth/api-key.ts';
import { createAccount } from './account.ts';
import type { GenerationRecord } from './generation-record.ts';
import { createGenerationStore } from './generation-store.ts';
import { usagePeriods } from './usage-periods.ts';

const DAY = 86_400_000;
// Wednesday 2026-11-25 12:00 UTC.
const WED = Date.UTC(2026, 10, 25, 12);

function record(id: string, apiKey: string, cost: number, extra: Partial<GenerationRecord> = {}): GenerationRecord {
  return {
    id,
    apiType: 'completions',
    model: 'm',
    providerName: 'P',
    streamed: false,
    finishReason: 'stop',
    tokensPrompt: 1,
    tokensCompletion: 1,
    cost,
    isByok: false,
    createdAt: 0,
    latencyMs: 0,
    generationTimeMs: 0,
    apiKey,
    ...extra,
  };
}

describe('usagePeriods', () => {
  it('gives the UTC day, the Monday-to-Sunday week and the month', () => {
    expect(usagePeriods(WED)).toEqual({ day: Date.UTC(2026, 10, 25), week: Date.UTC(2026, 10, 23), month: Date.UTC(2026, 10, 1) });
    // A Sunday belongs to the week that began six days before; a Monday starts its own.
    expect(usagePeriods(Date.UTC(2026, 10, 29, 23, 59)).week).toBe(Date.UTC(2026, 10, 23));
    expect(usagePeriods(Date.UTC(2026, 10, 30)).week).toBe(Date.UTC(2026, 10, 30));
    expect(usagePeriods(Date.UTC(2027, 0, 1, 0, 0, 0, 1)).month).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('createAccount', () => {
  const [key, limited, daily] = parseApiKeys([{ key: 'sk-a' }, { key: 'sk-b', credits: 0.01 }, { key: 'sk-c', credits: 0.01, limitReset: 'daily' }]);

  it('adds each answer to its key and the account, per day, week and month of the clock', () => {
    let now = WED;
    const account = createAccount({ now: () => now });
    account.recordGeneration(record('g1', 'sk-a', 0.25));
    now += DAY * 2; // Friday: same week and month, another day
    account.recordGeneration(record('g2', 'sk-a', 0.5));
    expect(account.keyUsage(key!).usage).toEqual({ total: 0.75, daily: 0.5, weekly: 0.75, monthly: 0.75 });
    now += DAY * 3; // Monday: a new week
    expect(account.keyUsage(key!).usage).toEqual({ total: 0.75, daily: 0, weekly: 0, monthly: 0.75 });
    now += DAY * 7; // December: a new month
    expect(account.keyUsage(key!).usage).toEqual({ total: 0.75, daily: 0, weekly: 0, monthly: 0 });
    expect(account.totalUsage()).toBe(0.75);
    expect(account.generation('g2')?.cost).toBe(0.5);
  });

  it('BYOK answers add the provider charge to byok usage and the gateway fee to usage', () => {
    const account = createAccount({ now: () => WED });
    account.recordGeneration(record('g', 'sk-a', 0.05, { isByok: true, upstreamCost: 1 }));
    expect(account.keyUsage(key!)).toEqual({
      usage: { total: 0.05, daily: 0.05, weekly: 0.05, monthly: 0.05 },
      byok: { total: 1, daily: 1, weekly: 1, monthly: 1 },
    });
  });

  it('an id recorded again is another answer, charged in full: billing never depends on ids being new (issue 39)', () => {
    const account = createAccount({ now: () => WED });
    account.recordGeneration(record('g', 'sk-a', 0.5));
    account.recordGeneration(record('g', 'sk-a', 0.5));
    expect(account.generation('g')?.cost).toBe(0.5);
    expect(account.keyUsage(key!).usage.total).toBe(1);
    expect(account.totalUsage()).toBe(1);
  });

  it('402 once a key reaches its limit, and once the account reaches its credits', () => {
    const account = createAccount({ now: () => WED, totalCredits: 1 });
    expect(account.paymentRefusal(limited!)).toBeUndefined();
    account.recordGeneration(record('g1', 'sk-b', 0.004));
    expect(account.paymentRefusal(limited!)).toBeUndefined();
    account.recordGeneration(record('g2', 'sk-b', 0.006));
    const refusal = account.paymentRefusal(limited!);
    expect(refusal?.status).toBe(402);
    expect(refusal?.message).toContain('$0.01 limit');
    expect(account.paymentRefusal(key!)).toBeUndefined();
    account.recordGeneration(record('g3', 'sk-a', 0.99));
    expect(account.paymentRefusal(key!)?.message).toContain('the account has used $1 of its $1 credits');
    account.setCredits({ totalCredits: 5, keyLimits: { 'sk-b': null } });
    expect(account.paymentRefusal(key!)).toBeUndefined();
    expect(account.paymentRefusal(limited!)).toBeUndefined();
    account.reset();
    expect(account.totalCredits()).toBe(1);
    expect(account.totalUsage()).toBe(0);
    expect(account.generation('g1')).toBeUndefined();
  });

  it('a daily limit counts only today: the next UTC day the key may spend again', () => {
    let now = WED;
    const account = createAccount({ now: () => now });
    account.recordGeneration(record('g', 'sk-c', 0.02));
    expect(account.paymentRefusal(daily!)?.message).toContain('today');
    now += DAY;
    expect(account.paymentRefusal(daily!)).toBeUndefined();
    expect(account.usageAgainstLimit(daily!)).toBe(0);
  });
});

describe('createGenerationStore', () => {
  it('finds records by id and forgets the oldest past its bound', () => {
    const store = createGenerationStore(2);
    for (const id of ['a', 'b', 'c']) store.add(record(id, 'k', 0));
    expect(store.get('a')).toBeUndefined();
    expect(store.get('b')?.id).toBe('b');
    expect(store.get('c')?.id).toBe('c');
    expect(store.size()).toBe(2);
    store.clear();
    expect(store.size()).toBe(0);
  });

  it('keeps a record added again under its id in its place and forgets in the order records first came', () => {
    const store = createGenerationStore(3);
    for (const id of ['a', 'b', 'c']) store.add(record(id, 'k', 0));
    store.add(record('b', 'k', 5));
    expect(store.get('b')?.cost).toBe(5);
    expect(store.size()).toBe(3);
    store.add(record('d', 'k', 0));
    expect(store.get('a')).toBeUndefined();
    expect(store.get('b')?.cost).toBe(5);
    store.add(record('e', 'k', 0));
    expect(store.get('b')).toBeUndefined();
    expect(['c', 'd', 'e'].map((id) => store.get(id)?.id)).toEqual(['c', 'd', 'e']);
  });

  it('keeps nothing with a bound of 0', () => {
    const store = createGenerationStore(0);
    store.add(record('a', 'k', 0));
    expect(store.get('a')).toBeUndefined();
    expect(store.size()).toBe(0);
  });
});
