import type { TextModel } from '../../catalog/text-model.ts';
import { perMillion } from '../../catalog/usd-price.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { modelPromptPrice } from '../model-price.ts';
import type { RouterPluginResult } from './auto-router.ts';
import type { ParetoRouterPlugin, PluginEntry } from '../../schemas/plugins.ts';

export type PriceSource = 'prompt' | 'weighted_avg';

/** Coding score 0..1 of a model: its coding index / 100. */
export function codingScore(m: TextModel): number {
  return (m.benchmarks.coding_index ?? 0) / 100;
}

/** Input price (USD per million tokens) by `price_source`: list price, or the traffic-weighted one when the catalogue has it. */
export function paretoPrice(m: TextModel, source: PriceSource): number {
  if (source === 'weighted_avg' && m.weighted_avg_prompt_price !== undefined) return perMillion(m.weighted_avg_prompt_price);
  return modelPromptPrice(m);
}

/** Models no other model beats on both axes (coding score higher or equal, price lower or equal, one strictly). */
export function paretoFrontier(models: readonly TextModel[], source: PriceSource): TextModel[] {
  return models.filter((m) => {
    const pm = paretoPrice(m, source);
    const sm = codingScore(m);
    return !models.some((n) => {
      if (n === m) return false;
      const pn = paretoPrice(n, source);
      const sn = codingScore(n);
      return pn <= pm && sn >= sm && (pn < pm || sn > sm);
    });
  });
}

/** spec 2.5 `min_coding_score` tiers: >= 0.66 high, >= 0.33 medium, below: low. */
export function codingTier(minScore: number): 'high' | 'medium' | 'low' {
  return minScore >= 0.66 ? 'high' : minScore >= 0.33 ? 'medium' : 'low';
}

/**
 * pareto-router (spec 2.5, 7) over the catalogue models that have a coding index.
 * - `max_price` set: frontier models at or below the cap, best coding score first, then the
 *   non-frontier models under the cap; none -> 404.
 * - otherwise the tier of `min_coding_score` (default high): high keeps coding score >= 0.66,
 *   medium >= 0.33, low >= the median score ("capable coders above the median"); frontier models
 *   of the tier cheapest first, then the rest of the tier cheapest first; an empty tier -> 404.
 *
 * @example
 * paretoRouter({ id: 'pareto-router', index: 0, config: { id: 'pareto-router', max_price: 1 } }, catalog.models); // { models, stage }, or a 404 GatewayError past the cap
 */
export function paretoRouter(entry: PluginEntry<ParetoRouterPlugin>, models: readonly TextModel[]): RouterPluginResult | GatewayError {
  const { max_price: maxPrice, min_coding_score: minScore } = entry.config;
  const source = entry.config.price_source ?? 'prompt';
  const coders = models.filter((m) => m.benchmarks.coding_index !== null);
  const frontier = new Set(paretoFrontier(coders, source));
  const price = (m: TextModel) => paretoPrice(m, source);
  const byScore = (a: TextModel, b: TextModel) => codingScore(b) - codingScore(a) || price(a) - price(b) || a.id.localeCompare(b.id);
  const byPrice = (a: TextModel, b: TextModel) => price(a) - price(b) || codingScore(b) - codingScore(a) || a.id.localeCompare(b.id);
  let chain: TextModel[];
  let summary: string;
  const data: Record<string, unknown> = { price_source: source, frontier: [...frontier].map((m) => m.id) };
  if (maxPrice !== undefined) {
    const under = coders.filter((m) => price(m) <= maxPrice);
    if (under.length === 0) {
      const cheapest = coders.length ? Math.min(...coders.map(price)) : undefined;
      return new GatewayError(
        404,
        `pareto-router: no model is priced at or below max_price ${maxPrice} USD per million input tokens (price_source ${source}${cheapest !== undefined ? `; the cheapest costs ${cheapest}` : ''})`,
      );
    }
    chain = [...under.filter((m) => frontier.has(m)).sort(byScore), ...under.filter((m) => !frontier.has(m)).sort(byScore)];
    summary = `Selected ${chain[0]?.id} under max_price ${maxPrice}`;
    data.max_price = maxPrice;
  } else {
    const tier = codingTier(minScore ?? 0.66);
    const scores = coders.map(codingScore).sort((a, b) => a - b);
    const median = scores.length ? (scores[Math.floor((scores.length - 1) / 2)] as number) : 0;
    const threshold = tier === 'high' ? 0.66 : tier === 'medium' ? 0.33 : median;
    const inTier = coders.filter((m) => codingScore(m) >= threshold);
    if (inTier.length === 0) return new GatewayError(404, `pareto-router: no model in the ${tier} coding tier (coding score >= ${threshold})`);
    chain = [...inTier.filter((m) => frontier.has(m)).sort(byPrice), ...inTier.filter((m) => !frontier.has(m)).sort(byPrice)];
    summary = `Selected ${chain[0]?.id} from the ${tier} coding tier`;
    Object.assign(data, { tier, min_coding_score: minScore ?? 0.66, threshold });
  }
  data.candidates = chain.map((m) => ({ model: m.id, coding_score: codingScore(m), price: price(m), frontier: frontier.has(m) }));
  return { models: chain, stage: { type: 'plugin', name: 'pareto-router', summary, data } };
}
