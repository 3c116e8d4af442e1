import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onRequest } from '../../mutants/rewrite.ts';

/**
 * One plausible bug per plugin bound of spec 2.5 and 8: a value past the bound is clamped (or a
 * list cut) to it and served, instead of refused. Each breaks that one bound only, so
 * `validation.plugin-bounds` must probe every bound at every seed to catch them all.
 */

type Plugin = Record<string, unknown>;
const plugins =
  (id: string, change: (plugin: Plugin) => void): Mutant['wrap'] =>
  (fetch) =>
    onRequest(fetch, (r) => {
      if (r.method !== 'POST' || !r.url.pathname.endsWith('/responses') || !isObject(r.body) || !Array.isArray(r.body.plugins)) return;
      for (const p of r.body.plugins) if (isObject(p) && p.id === id) change(p);
    });
const clamp = (v: unknown, min: number, max: number) => (typeof v === 'number' ? Math.min(max, Math.max(min, v)) : v);

export const tradeoffClamped: Mutant = {
  id: 'tradeoff-clamped',
  breaks: 'spec 2.5, 8: auto-router cost_quality_tradeoff outside 0..10 is clamped and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('auto-router', (p) => void (p.cost_quality_tradeoff = clamp(p.cost_quality_tradeoff, 0, 10))),
};

export const betaTradeoffClamped: Mutant = {
  id: 'beta-tradeoff-clamped',
  breaks: 'spec 2.5, 8: auto-beta-router cost_quality_tradeoff outside 0..10 is clamped and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('auto-beta-router', (p) => void (p.cost_quality_tradeoff = clamp(p.cost_quality_tradeoff, 0, 10))),
};

export const minCodingScoreClamped: Mutant = {
  id: 'min-coding-score-clamped',
  breaks: 'spec 2.5, 8: pareto-router min_coding_score outside 0..1 is clamped and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('pareto-router', (p) => void (p.min_coding_score = clamp(p.min_coding_score, 0, 1))),
};

export const maxPriceClamped: Mutant = {
  id: 'max-price-clamped',
  breaks: 'spec 2.5: a negative pareto-router max_price is read as 0 and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('pareto-router', (p) => void (p.max_price = clamp(p.max_price, 0, Number.MAX_VALUE))),
};

export const analysisModelsCut: Mutant = {
  id: 'analysis-models-cut',
  breaks: 'spec 2.5, 8: fusion analysis_models over 8 are cut to the first 8 (and an empty list dropped) and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('fusion', (p) => {
    if (!Array.isArray(p.analysis_models)) return;
    if (p.analysis_models.length === 0) delete p.analysis_models;
    else p.analysis_models = p.analysis_models.slice(0, 8);
  }),
};

export const fusionMaxToolCallsClamped: Mutant = {
  id: 'fusion-max-tool-calls-clamped',
  breaks: 'spec 2.5, 8: fusion max_tool_calls outside 1..16 is clamped and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('fusion', (p) => void (p.max_tool_calls = clamp(p.max_tool_calls, 1, 16))),
};

export const fusionToolsCut: Mutant = {
  id: 'fusion-tools-cut',
  breaks: 'spec 2.5, 8: fusion tools over 8 are cut to the first 8 and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('fusion', (p) => void (Array.isArray(p.tools) && (p.tools = p.tools.slice(0, 8)))),
};

export const betaTradeoffRounded: Mutant = {
  id: 'beta-tradeoff-rounded',
  breaks: 'limits.cost-quality-tradeoff: an auto-beta-router cost_quality_tradeoff that is a fraction or a numeric string is rounded to an integer and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('auto-beta-router', (p) => {
    const v = Number(p.cost_quality_tradeoff);
    if (p.cost_quality_tradeoff !== undefined && Number.isFinite(v)) p.cost_quality_tradeoff = Math.round(v);
  }),
};

export const analysisModelsStringified: Mutant = {
  id: 'analysis-models-stringified',
  breaks: 'limits.fusion-analysis-models: fusion analysis_models entries that are not strings are turned into strings and served',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins(
    'fusion',
    (p) => void (Array.isArray(p.analysis_models) && (p.analysis_models = p.analysis_models.map((m) => (typeof m === 'string' ? m : `openai/gpt-4o-mini`)))),
  ),
};

export const betaTradeoffFloorMissing: Mutant = {
  id: 'beta-tradeoff-floor-missing',
  breaks: 'limits.cost-quality-tradeoff: a negative auto-beta-router cost_quality_tradeoff is read as 0 and served (only the maximum is checked)',
  caughtBy: 'validation.plugin-bounds',
  wrap: plugins('auto-beta-router', (p) => void (typeof p.cost_quality_tradeoff === 'number' && p.cost_quality_tradeoff < 0 && (p.cost_quality_tradeoff = 0))),
};

export const PLUGIN_BOUND_MUTANTS: readonly Mutant[] = [
  betaTradeoffRounded,
  analysisModelsStringified,
  betaTradeoffFloorMissing,
  tradeoffClamped,
  betaTradeoffClamped,
  minCodingScoreClamped,
  maxPriceClamped,
  analysisModelsCut,
  fusionMaxToolCallsClamped,
  fusionToolsCut,
];
