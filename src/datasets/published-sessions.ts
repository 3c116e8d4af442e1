import type { TextModel } from '../catalog/text-model.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { listedPricing } from './model-strength.ts';
import { PUBLISHED_APPS } from './published-apps.ts';
import { rankedModels } from './ranked-model.ts';
import { usd, type SessionCostCell } from './session-cost-cells.ts';
import { TURN_RANGES } from './session-cost-query.ts';

/** The harnesses whose sessions the dataset publishes: the agent apps. */
const HARNESS_SUBCATEGORIES: readonly string[] = ['cli-agent', 'ide-extension', 'cloud-agent', 'personal-agent'];
/** Models published per harness, from the most used tool-calling models. */
const MODELS_PER_HARNESS = 6;
const CANDIDATE_MODELS = 30;
/** A typical agent turn: a long, mostly cached context and a short answer. */
const PROMPT_TOKENS_PER_TURN = 30_000;
const CACHED_SHARE = 0.7;
const COMPLETION_TOKENS_PER_TURN = 900;
/** The median turns of a session in each range. */
const MEDIAN_TURNS: Readonly<Record<string, number>> = { '1-turn': 1, '2-9-turns': 5, '10-49-turns': 22, '50-plus-turns': 85 };

function turnCost(model: TextModel): number {
  const pricing = listedPricing(model);
  const cacheRead = Number(model.endpoints[0]?.pricing.input_cache_read ?? Number(pricing.prompt) * 0.25);
  const prompt = PROMPT_TOKENS_PER_TURN * ((1 - CACHED_SHARE) * Number(pricing.prompt) + CACHED_SHARE * cacheRead);
  return prompt + COMPLETION_TOKENS_PER_TURN * Number(pricing.completion);
}

/**
 * The published cells: each agent harness of the marketplace with the catalogue's busiest
 * tool-calling models (the rankings dataset's traffic), one cell per turn range, priced from the
 * model's listed prices per turn. A pure function of (catalogue, seed).
 *
 * @example
 * publishedSessionCells(catalog.models, 0)[0]; // { app_slug: 'aider', turn_range: '1-turn', ... }
 */
export function publishedSessionCells(catalogModels: readonly TextModel[], seed: number): SessionCostCell[] {
  const byId = new Map(catalogModels.map((m) => [m.id, m]));
  const candidates = rankedModels(
    catalogModels.filter((m) => m.supported_parameters.includes('tools')),
    seed,
  )
    .filter((r) => !r.permaslug.includes(':'))
    .sort((a, b) => b.dailyTokens - a.dailyTokens)
    .slice(0, CANDIDATE_MODELS)
    .map((r) => byId.get(r.permaslug) as TextModel);
  const cells: SessionCostCell[] = [];
  for (const app of PUBLISHED_APPS.filter((a) => HARNESS_SUBCATEGORIES.includes(a.subcategory))) {
    const rng = seededRandom(seed, 'session-cost', app.slug);
    const pool = [...candidates];
    for (let i = 0; i < MODELS_PER_HARNESS && pool.length > 0; i++) {
      const model = pool.splice(rng.int(0, pool.length - 1), 1)[0] as TextModel;
      for (const range of TURN_RANGES) {
        const cost = turnCost(model) * (MEDIAN_TURNS[range.name] ?? 1) * (0.7 + rng.float() * 0.6);
        cells.push({ app_slug: app.slug, app_name: app.name, turn_range: range.name, model_permaslug: model.id, median_session_cost_usd: usd(cost) });
      }
    }
  }
  return cells;
}
