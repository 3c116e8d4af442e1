import type { TextModel } from '../../catalog/text-model.ts';
import type { ResponsesRequest } from '../../schemas/responses-request.ts';
import { latestAssistantModel } from '../../request/read-input.ts';
import { modelBlendedPrice } from '../model-price.ts';
import { modelMatchesAny } from '../model-pattern.ts';
import type { PipelineStage } from '../../plugins/pipeline-stage.ts';
import type { AutoRouterPlugin, PluginEntry } from '../../schemas/plugins.ts';

export interface RouterPluginResult {
  /** Models to try, best first (the router's fallback order). */
  models: TextModel[];
  stage: PipelineStage;
}

/** Models allowed by `allowed_models` (default: the whole catalogue) minus `excluded_models`. */
export function allowedModels(models: readonly TextModel[], allowed: readonly string[] | undefined, excluded: readonly string[] | undefined): TextModel[] {
  return models.filter((m) => (!allowed || allowed.length === 0 || modelMatchesAny(m.id, allowed)) && !(excluded && modelMatchesAny(m.id, excluded)));
}

/**
 * auto-router score (spec 2.5 `cost_quality_tradeoff` t in 0..10): `(1 - t/10) * quality + t/10 *
 * cheapness`, where quality = intelligence_index / the best candidate's, and cheapness = 1 -
 * ln(1 + price) / ln(1 + the highest price) over the candidates' cheapest prompt+completion price.
 * t = 0 picks the best model whatever it costs; t = 10 the cheapest.
 */
export function autoRouterScores(candidates: readonly TextModel[], tradeoff: number): Map<string, number> {
  const maxQ = Math.max(1e-9, ...candidates.map((m) => m.benchmarks.intelligence_index ?? 0));
  const maxP = Math.max(...candidates.map(modelBlendedPrice));
  const w = tradeoff / 10;
  return new Map(
    candidates.map((m) => {
      const quality = (m.benchmarks.intelligence_index ?? 0) / maxQ;
      const cheap = maxP > 0 ? 1 - Math.log1p(modelBlendedPrice(m)) / Math.log1p(maxP) : 1;
      return [m.id, (1 - w) * quality + w * cheap];
    }),
  );
}

/**
 * auto-router (spec 2.5): ranks the allowed models by autoRouterScores (ties: model id); with
 * `pin_model` the `model` of the latest assistant message in `input` goes first when allowed.
 *
 * @example
 * autoRouter({ id: 'auto-router', index: 0, config: { id: 'auto-router', allowed_models: ['anthropic/*'], cost_quality_tradeoff: 10 } }, catalog.models, request);
 */
export function autoRouter(entry: PluginEntry<AutoRouterPlugin>, models: readonly TextModel[], request: ResponsesRequest): RouterPluginResult {
  const { allowed_models: allowed, excluded_models: excluded } = entry.config;
  const tradeoff = entry.config.cost_quality_tradeoff ?? 7;
  const pin = entry.config.pin_model ?? false;
  const candidates = allowedModels(models, allowed, excluded);
  const scores = autoRouterScores(candidates, tradeoff);
  let ranked = [...candidates].sort((a, b) => (scores.get(b.id) as number) - (scores.get(a.id) as number) || a.id.localeCompare(b.id));
  let pinned: string | undefined;
  if (pin) {
    const previous = latestAssistantModel(request.input);
    const hit = previous !== undefined ? ranked.find((m) => m.id === previous) : undefined;
    if (hit) {
      pinned = hit.id;
      ranked = [hit, ...ranked.filter((m) => m !== hit)];
    }
  }
  return {
    models: ranked,
    stage: {
      type: 'plugin',
      name: 'auto-router',
      summary: ranked[0] ? `Selected ${ranked[0].id}${pinned ? ' (pinned)' : ''} from ${ranked.length} candidates` : 'No allowed model',
      data: {
        cost_quality_tradeoff: tradeoff,
        pin_model: pin,
        ...(pinned ? { pinned_model: pinned } : {}),
        ...(allowed ? { allowed_models: allowed } : {}),
        candidates: ranked.map((m) => ({ model: m.id, score: Math.round((scores.get(m.id) as number) * 1000) / 1000 })),
      },
    },
  };
}
