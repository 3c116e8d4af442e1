import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from '../../catalog/default-catalog.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { modelBlendedPrice } from '../model-price.ts';
import { autoBetaRouter, costCeilingPercentile } from './auto-beta-router.ts';
import { autoRouter } from './auto-router.ts';
import { fusion, fusionPresetPanel } from './fusion.ts';
import { codingScore, paretoFrontier, paretoPrice, paretoRouter } from './pareto-router.ts';
import { readPlugins } from '../../plugins/read-plugins.ts';

const models = DEFAULT_CATALOG.models;
const e = <I extends string>(id: I, config: Record<string, unknown> = {}) => ({ id, index: 0, config: { id, ...config } }) as never;

describe('auto-router', () => {
  it('cost_quality_tradeoff 0 picks the best model, 10 the cheapest, within allowed_models wildcards', () => {
    const best = autoRouter(e('auto-router', { cost_quality_tradeoff: 0 }), models, { input: 'x' }).models[0];
    expect(best?.benchmarks.intelligence_index).toBe(Math.max(...models.map((m) => m.benchmarks.intelligence_index ?? 0)));
    const cheap = autoRouter(e('auto-router', { cost_quality_tradeoff: 10 }), models, { input: 'x' }).models[0];
    expect(modelBlendedPrice(cheap!)).toBe(Math.min(...models.map(modelBlendedPrice)));
    const anthropic = autoRouter(e('auto-router', { allowed_models: ['anthropic/*'] }), models, { input: 'x' });
    expect(anthropic.models.every((m) => m.id.startsWith('anthropic/'))).toBe(true);
    expect(anthropic.stage).toMatchObject({ type: 'plugin', name: 'auto-router', data: { cost_quality_tradeoff: 7 } });
  });
  it('pin_model reuses the model of the latest assistant message', () => {
    const input = [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b', model: 'qwen/qwen3-coder' },
      { role: 'user', content: 'c' },
    ];
    const pinned = autoRouter(e('auto-router', { pin_model: true }), models, { input } as never);
    expect(pinned.models[0]?.id).toBe('qwen/qwen3-coder');
    expect(pinned.stage.data?.pinned_model).toBe('qwen/qwen3-coder');
    expect(autoRouter(e('auto-router', { pin_model: false }), models, { input } as never).models[0]?.id).not.toBe('qwen/qwen3-coder');
    // A pinned model outside allowed_models is not used.
    expect(autoRouter(e('auto-router', { pin_model: true, allowed_models: ['openai/*'] }), models, { input } as never).models[0]?.id).toMatch(/^openai\//);
  });
  it('rejects an out-of-range tradeoff with a 400 naming the field', () => {
    expect(() => autoRouter(e('auto-router', { cost_quality_tradeoff: 11 }), models, { input: 'x' })).toThrow(/cost_quality_tradeoff/);
  });
});

describe('auto-beta-router', () => {
  it('keeps the candidates under the cost ceiling and ranks them by spend share', () => {
    expect([0, 9, 10].map(costCeilingPercentile)).toEqual([90, 18, 10]);
    const r = autoBetaRouter(e('auto-beta-router', { cost_quality_tradeoff: 10 }), models);
    const byCost = [...models].sort((a, b) => modelBlendedPrice(a) - modelBlendedPrice(b));
    const allowed = byCost.filter((_, i) => i === 0 || (100 * i) / models.length <= 10).map((m) => m.id);
    expect(r.models.map((m) => m.id).sort()).toEqual(allowed.sort());
    for (let i = 1; i < r.models.length; i++) expect(r.models[i - 1]!.spend_share).toBeGreaterThanOrEqual(r.models[i]!.spend_share);
    expect(autoBetaRouter(e('auto-beta-router'), models).stage.data?.cost_quality_tradeoff).toBe(9);
  });
});

describe('pareto-router', () => {
  it('the frontier has no dominated model', () => {
    const frontier = paretoFrontier(models.filter((m) => m.benchmarks.coding_index !== null), 'prompt');
    for (const m of frontier) {
      expect(models.some((n) => paretoPrice(n, 'prompt') < paretoPrice(m, 'prompt') && codingScore(n) > codingScore(m))).toBe(false);
    }
  });
  it('max_price: best frontier model under the cap first, every candidate under the cap; 404 when none', () => {
    const r = paretoRouter(e('pareto-router', { max_price: 1 }), models);
    expect(r.models.every((m) => paretoPrice(m, 'prompt') <= 1)).toBe(true);
    const frontierUnder = paretoFrontier(models, 'prompt').filter((m) => paretoPrice(m, 'prompt') <= 1);
    expect(codingScore(r.models[0]!)).toBe(Math.max(...frontierUnder.map(codingScore)));
    expect(() => paretoRouter(e('pareto-router', { max_price: 0.001 }), models)).toThrow(GatewayError);
    try {
      paretoRouter(e('pareto-router', { max_price: 0.001 }), models);
    } catch (err) {
      expect((err as GatewayError).status).toBe(404);
    }
  });
  it('min_coding_score tiers: high >= 0.66 (default), medium >= 0.33', () => {
    const high = paretoRouter(e('pareto-router'), models);
    expect(high.models.every((m) => codingScore(m) >= 0.66)).toBe(true);
    expect(high.stage.data).toMatchObject({ tier: 'high' });
    const medium = paretoRouter(e('pareto-router', { min_coding_score: 0.5 }), models);
    expect(medium.models.every((m) => codingScore(m) >= 0.33)).toBe(true);
    expect(medium.models.length).toBeGreaterThan(high.models.length);
    expect(paretoRouter(e('pareto-router', { min_coding_score: 0.1 }), models).stage.data).toMatchObject({ tier: 'low' });
  });
  it('price_source weighted_avg uses the traffic-weighted price when the catalogue has one', () => {
    const gpt5 = models.find((m) => m.id === 'openai/gpt-5')!;
    expect(paretoPrice(gpt5, 'weighted_avg')).toBeCloseTo(1.05);
    expect(paretoPrice(gpt5, 'prompt')).toBeCloseTo(1.25);
  });
});

describe('fusion', () => {
  it('defaults to the general-high panel judged by its first model; presets differ; explicit fields win', () => {
    const d = fusion(e('fusion'), models, 'why?', 0);
    expect(d.panel.map((p) => p.model)).toEqual(fusionPresetPanel('general-high', models).map((m) => m.id));
    expect(d.judge.id).toBe(d.panel[0]?.model);
    expect(d.stage.data).toMatchObject({ preset: 'general-high', max_tool_calls: 8, tools: ['gateway:web_search', 'gateway:web_fetch'] });
    expect(fusion(e('fusion', { preset: 'general-fast' }), models, 'why?', 0).panel).not.toEqual(d.panel);
    const explicit = fusion(e('fusion', { preset: 'general-fast', analysis_models: ['qwen/qwen3-coder'], model: 'openai/gpt-5', tools: [], max_tool_calls: 2 }), models, 'why?', 0);
    expect(explicit.panel.map((p) => p.model)).toEqual(['qwen/qwen3-coder']);
    expect(explicit.judge.id).toBe('openai/gpt-5');
    expect(explicit.stage.data?.panel).toEqual([{ model: 'qwen/qwen3-coder', tool_calls: 0 }]);
  });
  it('is deterministic per seed and prompt', () => {
    expect(fusion(e('fusion'), models, 'q', 1).panel).toEqual(fusion(e('fusion'), models, 'q', 1).panel);
  });
  it('rejects unknown models, 0 or 9 panelists, and bad tools with 400s naming the field', () => {
    expect(() => fusion(e('fusion', { analysis_models: ['nope/x'] }), models, 'q', 0)).toThrow(/analysis_models\[0\]/);
    expect(() => fusion(e('fusion', { analysis_models: [] }), models, 'q', 0)).toThrow(/1 to 8/);
    expect(() => fusion(e('fusion', { analysis_models: Array(9).fill('openai/gpt-5') }), models, 'q', 0)).toThrow(/1 to 8/);
    expect(() => fusion(e('fusion', { max_tool_calls: 17 }), models, 'q', 0)).toThrow(/max_tool_calls/);
    expect(() => fusion(e('fusion', { tools: [{}] }), models, 'q', 0)).toThrow(/tools/);
  });
});

describe('readPlugins', () => {
  it('drops enabled:false (not for moderation), keeps the last of a repeated id, refuses two routers and unknown ids', () => {
    expect(readPlugins([{ id: 'web', enabled: false }, { id: 'moderation', enabled: false }]).map((p) => p.id)).toEqual(['moderation']);
    expect(readPlugins([{ id: 'web', max_results: 1 }, { id: 'web', max_results: 2 }])[0]?.config.max_results).toBe(2);
    expect(() => readPlugins([{ id: 'auto-router' }, { id: 'fusion' }])).toThrow(/at most one router plugin/);
    expect(() => readPlugins([{ id: 'teleport' }])).toThrow(/plugins\[0\]\.id/);
  });
});
