import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROVIDER_PREFERENCE_KEYS, ProviderPreferencesSchema } from './provider-preferences.ts';

describe('ProviderPreferencesSchema (spec 2.4)', () => {
  it('accepts every member of the spec and the reference', () => {
    const prefs = {
      allow_fallbacks: false,
      data_collection: 'deny',
      enforce_distillable_text: true,
      ignore: ['a'],
      max_price: { prompt: 1, completion: '2.5', image: 0, audio: '0.1', request: 3 },
      only: ['b'],
      order: ['c', 'd'],
      preferred_max_latency: { p50: 1, p90: null },
      preferred_min_throughput: 50,
      quantizations: ['fp8', 'int4'],
      require_parameters: true,
      sort: { by: 'price', partition: 'none' },
      zdr: true,
    };
    expect(ProviderPreferencesSchema.safeParse(prefs).success).toBe(true);
    expect(Object.keys(prefs).sort()).toEqual([...PROVIDER_PREFERENCE_KEYS].sort());
  });

  it('rejects any property that is not listed (spec 2.4 "no other properties")', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(PROVIDER_PREFERENCE_KEYS as readonly string[]).includes(k) && k !== '__proto__'),
        (key) => {
          const result = ProviderPreferencesSchema.safeParse({ [key]: true });
          expect(result.success).toBe(false);
          expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
        },
      ),
      { numRuns: 100 },
    );
  });

  it('accepts unknown max_price members (not shown) but rejects negative prices', () => {
    expect(ProviderPreferencesSchema.safeParse({ max_price: { video: 1 } }).success).toBe(true);
    expect(ProviderPreferencesSchema.safeParse({ max_price: { prompt: -1 } }).success).toBe(false);
    expect(ProviderPreferencesSchema.safeParse({ max_price: { prompt: 'cheap' } }).success).toBe(false);
  });

  it('accepts sort as a string or {by, partition}, and nothing else', () => {
    for (const sort of ['price', 'throughput', 'latency', 'exacto', { by: 'latency' }, { partition: 'model' }, null]) {
      expect(ProviderPreferencesSchema.safeParse({ sort }).success).toBe(true);
    }
    for (const sort of ['fastest', 3, { by: 'fastest' }]) expect(ProviderPreferencesSchema.safeParse({ sort }).success).toBe(false);
  });
});
