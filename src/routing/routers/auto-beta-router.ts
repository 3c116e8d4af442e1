import type { TextModel } from '../../catalog/text-model.ts';
import { modelBlendedPrice } from '../model-price.ts';
import { allowedModels, type RouterPluginResult } from './auto-router.ts';
import type { AutoBetaRouterPlugin, PluginEntry } from '../../schemas/plugins.ts';

/** Cost percentile ceiling of auto-beta-router (spec 2.5): t = 10 keeps about the cheapest tenth, t = 0 up to the 90th percentile. */
export function costCeilingPercentile(tradeoff: number): number {
  return 90 - 8 * tradeoff;
}

/**
 * auto-beta-router (spec 2.5): candidates are ranked by community spend share (`spend_share`),
 * after keeping only those whose cost percentile (position in ascending cost order, 0 = cheapest,
 * `100 * i / n`) is at or below the ceiling of `cost_quality_tradeoff` (default 9). The cheapest
 * candidate always survives.
 *
 * @example
 * autoBetaRouter({ id: 'auto-beta-router', index: 0, config: { id: 'auto-beta-router', cost_quality_tradeoff: 10 } }, catalog.models);
 */
export function autoBetaRouter(entry: PluginEntry<AutoBetaRouterPlugin>, models: readonly TextModel[]): RouterPluginResult {
  const { allowed_models: allowed, excluded_models: excluded } = entry.config;
  const tradeoff = entry.config.cost_quality_tradeoff ?? 9;
  const ceiling = costCeilingPercentile(tradeoff);
  const byCost = [...allowedModels(models, allowed, excluded)].sort((a, b) => modelBlendedPrice(a) - modelBlendedPrice(b) || a.id.localeCompare(b.id));
  const n = byCost.length;
  const kept = byCost.filter((_, i) => i === 0 || (100 * i) / n <= ceiling);
  const ranked = [...kept].sort((a, b) => b.spend_share - a.spend_share || modelBlendedPrice(a) - modelBlendedPrice(b) || a.id.localeCompare(b.id));
  return {
    models: ranked,
    stage: {
      type: 'plugin',
      name: 'auto-beta-router',
      summary: ranked[0]
        ? `Selected ${ranked[0].id} (top spend share among ${kept.length} of ${n} within the ${ceiling}th cost percentile)`
        : 'No allowed model',
      data: {
        cost_quality_tradeoff: tradeoff,
        cost_percentile_ceiling: ceiling,
        ...(allowed ? { allowed_models: allowed } : {}),
        candidates: ranked.map((m) => m.id),
      },
    },
  };
}
