import { describe, expect, it } from 'vitest';
import { smallCatalog } from '../../catalog/small-catalog.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { modelBlendedPrice } from '../model-price.ts';
import { autoBetaRouter, costCeilingPercentile } from './auto-beta-router.ts';
import { autoRouter } from './auto-router.ts';
import { fusion, fusionPresetPanel } from './fusion.ts';
import { codingScore, paretoFrontier, paretoPrice, paretoRouter } from './pareto-router.ts';
import { enabledPlugins } from '../../schemas/plugins.ts';
import { validateResponsesRequest } from '../../validation/validate-responses-request.ts';

/** The hand-made catalogue these expectations are written against. */
const SMALL_CATALOG = smallCatalog();

const models = SMALL_CATALOG.models;
const e = <I extends string>(id: I, config: Record<string, unknown> = {}) => ({ id, index: 0, config: { id, ...config } }) as never;
/** The router's result, failing the test when it is an error value. */
function ok<T>(result: T | GatewayError): T {
  if (result instanceof GatewayError) throw new Error(`unexpected ${result.status}: ${result.message}`);
  return result;
}
const paretoOk = (...args: Parameters<typeof paretoRouter>) => ok(paretoRouter(...args));
const fusionOk = (...args: Parameters<typeof fusion>) => ok(fusion(...args));
/** A request with these plugins, through the one validation of POST /responses. */
const validating = (plugins: unknown[]) => () => validateResponsesRequest({ input: 'x', plugins });

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
    expect(validating([{ id: 'auto-router', cost_quality_tradeoff: 11 }])).toThrow(/plugins\[0\]\.cost_quality_tradeoff/);
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
    const frontier = paretoFrontier(
      models.filter((m) => m.benchmarks.coding_index !== null),
      'prompt',
    );
    for (const m of frontier) {
      expect(models.some((n) => paretoPrice(n, 'prompt') < paretoPrice(m, 'prompt') && codingScore(n) > codingScore(m))).toBe(false);
    }
  });
  it('max_price: best frontier model under the cap first, every candidate under the cap; 404 when none', () => {
    const r = paretoOk(e('pareto-router', { max_price: 1 }), models);
    expect(r.models.every((m) => paretoPrice(m, 'prompt') <= 1)).toBe(true);
    const frontierUnder = paretoFrontier(models, 'prompt').filter((m) => paretoPrice(m, 'prompt') <= 1);
    expect(codingScore(r.models[0]!)).toBe(Math.max(...frontierUnder.map(codingScore)));
    const none = paretoRouter(e('pareto-router', { max_price: 0.001 }), models);
    expect(none).toBeInstanceOf(GatewayError);
    expect((none as GatewayError).status).toBe(404);
  });
  it('min_coding_score tiers: high >= 0.66 (default), medium >= 0.33', () => {
    const high = paretoOk(e('pareto-router'), models);
    expect(high.models.every((m) => codingScore(m) >= 0.66)).toBe(true);
    expect(high.stage.data).toMatchObject({ tier: 'high' });
    const medium = paretoOk(e('pareto-router', { min_coding_score: 0.5 }), models);
    expect(medium.models.every((m) => codingScore(m) >= 0.33)).toBe(true);
    expect(medium.models.length).toBeGreaterThan(high.models.length);
    expect(paretoOk(e('pareto-router', { min_coding_score: 0.1 }), models).stage.data).toMatchObject({ tier: 'low' });
  });
  it('price_source weighted_avg uses the traffic-weighted price when the catalogue has one', () => {
    const gpt5 = models.find((m) => m.id === 'openai/gpt-5')!;
    expect(paretoPrice(gpt5, 'weighted_avg')).toBeCloseTo(1.05);
    expect(paretoPrice(gpt5, 'prompt')).toBeCloseTo(1.25);
  });
});

describe('fusion', () => {
  it('defaults to the general-high panel judged by its first model; presets differ; explicit fields win', () => {
    const d = fusionOk(e('fusion'), models, 'why?', 0);
    expect(d.panel.map((p) => p.model)).toEqual(fusionPresetPanel('general-high', models).map((m) => m.id));
    expect(d.judge.id).toBe(d.panel[0]?.model);
    expect(d.stage.data).toMatchObject({ preset: 'general-high', max_tool_calls: 8, tools: ['gateway:web_search', 'gateway:web_fetch'] });
    expect(fusionOk(e('fusion', { preset: 'general-fast' }), models, 'why?', 0).panel).not.toEqual(d.panel);
    const explicit = fusionOk(
      e('fusion', { preset: 'general-fast', analysis_models: ['qwen/qwen3-coder'], model: 'openai/gpt-5', tools: [], max_tool_calls: 2 }),
      models,
      'why?',
      0,
    );
    expect(explicit.panel.map((p) => p.model)).toEqual(['qwen/qwen3-coder']);
    expect(explicit.judge.id).toBe('openai/gpt-5');
    expect(explicit.stage.data?.panel).toEqual([{ model: 'qwen/qwen3-coder', tool_calls: 0 }]);
  });
  it('is deterministic per seed and prompt', () => {
    expect(fusionOk(e('fusion'), models, 'q', 1).panel).toEqual(fusionOk(e('fusion'), models, 'q', 1).panel);
  });
  it('rejects unknown models, 0 or 9 panelists, and bad tools with 400s naming the field', () => {
    // The catalogue rule is the router's (a value); the shape rules are the schema's.
    const unknown = fusion(e('fusion', { analysis_models: ['nope/x'] }), models, 'q', 0);
    expect(unknown).toBeInstanceOf(GatewayError);
    expect((unknown as GatewayError).message).toMatch(/^plugins\[0\]\.analysis_models\[0\]: "nope\/x" is not a valid model ID/);
    expect(validating([{ id: 'fusion', analysis_models: [] }])).toThrow(/plugins\[0\]\.analysis_models: at least 1/);
    expect(validating([{ id: 'fusion', analysis_models: Array(9).fill('openai/gpt-5') }])).toThrow(/plugins\[0\]\.analysis_models: at most 8/);
    expect(validating([{ id: 'fusion', max_tool_calls: 17 }])).toThrow(/plugins\[0\]\.max_tool_calls/);
    expect(validating([{ id: 'fusion', tools: [{}] }])).toThrow(/plugins\[0\]\.tools\[0\]\.type/);
  });
});

describe('enabledPlugins and the plugins schema', () => {
  it('drops enabled:false, keeps the last of a repeated id; the schema refuses two routers, unknown ids and disabling moderation', () => {
    expect(enabledPlugins([{ id: 'web', enabled: false }, { id: 'moderation' }]).map((p) => p.id)).toEqual(['moderation']);
    const web = enabledPlugins([
      { id: 'web', max_results: 1 },
      { id: 'web', max_results: 2 },
    ]);
    expect(web).toHaveLength(1);
    expect(web[0]).toMatchObject({ index: 1, config: { max_results: 2 } });
    expect(validating([{ id: 'auto-router' }, { id: 'fusion' }])).toThrow(
      /^plugins: at most one router plugin may be enabled \(got plugins\[0\] auto-router, plugins\[1\] fusion\)/,
    );
    // A disabled router does not count.
    expect(validating([{ id: 'auto-router', enabled: false }, { id: 'fusion' }])).not.toThrow();
    expect(validating([{ id: 'teleport' }])).toThrow(/plugins\[0\]\.id/);
    expect(validating([{ id: 'moderation', enabled: false }])).toThrow(/plugins\[0\]\.enabled/);
  });
});
