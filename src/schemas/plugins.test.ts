import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLUGIN_IDS, PluginSchema } from './plugins.ts';

const ok = (p: unknown) => PluginSchema.safeParse(p).success;

describe('PluginSchema (spec 2.5)', () => {
  it('accepts every plugin id alone, and enabled on all but moderation', () => {
    for (const id of PLUGIN_IDS) {
      expect(ok({ id }), id).toBe(true);
      expect(ok({ id, enabled: false }), id).toBe(id !== 'moderation');
    }
  });

  it('rejects unknown ids', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !(PLUGIN_IDS as readonly string[]).includes(s)),
        (id) => {
          expect(ok({ id })).toBe(false);
        },
      ),
      { numRuns: 50 },
    );
    expect(ok({})).toBe(false);
  });

  it('cost_quality_tradeoff: integers 0..10 only, on both auto routers', () => {
    fc.assert(
      fc.property(fc.constantFrom('auto-router', 'auto-beta-router'), fc.integer({ min: -50, max: 50 }), (id, v) => {
        expect(ok({ id, cost_quality_tradeoff: v })).toBe(v >= 0 && v <= 10);
      }),
      { numRuns: 100 },
    );
    expect(ok({ id: 'auto-router', cost_quality_tradeoff: 5.5 })).toBe(false);
  });

  it('pareto-router: min_coding_score 0..1, max_price >= 0, price_source enum', () => {
    fc.assert(
      fc.property(fc.double({ min: -2, max: 2, noNaN: true }), (v) => {
        expect(ok({ id: 'pareto-router', min_coding_score: v })).toBe(v >= 0 && v <= 1);
        expect(ok({ id: 'pareto-router', max_price: v })).toBe(v >= 0);
      }),
      { numRuns: 100 },
    );
    expect(ok({ id: 'pareto-router', price_source: 'weighted_avg' })).toBe(true);
    expect(ok({ id: 'pareto-router', price_source: 'list' })).toBe(false);
  });

  it('fusion: analysis_models 1..8, max_tool_calls 1..16, tools <= 8, preset enum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: -2, max: 20 }), (n, calls) => {
        expect(ok({ id: 'fusion', analysis_models: Array.from({ length: n }, (_, i) => `m/${i}`) })).toBe(n >= 1 && n <= 8);
        expect(ok({ id: 'fusion', max_tool_calls: calls })).toBe(calls >= 1 && calls <= 16);
        expect(ok({ id: 'fusion', tools: Array.from({ length: n }, () => ({ type: 'gateway:web_fetch' })) })).toBe(n <= 8);
      }),
      { numRuns: 100 },
    );
    expect(ok({ id: 'fusion', tools: [] })).toBe(true);
    expect(ok({ id: 'fusion', tools: [{ type: 'gateway:web_search', parameters: { max_results: 3, domains: ['a'], nested: { k: null } } }] })).toBe(true);
    expect(ok({ id: 'fusion', tools: [{ type: 'x', parameters: { deep: { a: { b: 1 } } } }] })).toBe(false);
    expect(ok({ id: 'fusion', preset: 'general-fast' })).toBe(true);
    expect(ok({ id: 'fusion', preset: 'general-slow' })).toBe(false);
  });

  it('web: user_location needs type; other members as listed', () => {
    expect(ok({ id: 'web', engine: 'exa', max_results: 3, include_domains: ['*.org'], user_location: { type: 'approximate', city: 'Oslo' } })).toBe(true);
    expect(ok({ id: 'web', user_location: { city: 'Oslo' } })).toBe(false);
    expect(ok({ id: 'web', max_results: 'three' })).toBe(false);
    expect(ok({ id: 'web', max_results: 0, max_uses: 0 })).toBe(true);
    expect(ok({ id: 'web', max_results: -1 })).toBe(false);
  });

  it('keeps members the spec does not list (reference extras pass as sent)', () => {
    const parsed = PluginSchema.parse({ id: 'auto-router', cost_tier: 'low', excluded_models: ['x/*'] });
    expect(parsed).toMatchObject({ cost_tier: 'low', excluded_models: ['x/*'] });
  });
});
