import { GatewayError } from '../errors/gateway-error.ts';
import { RankingsCategorySchema } from '../schemas/rankings-daily.ts';
import type { Catalog } from './catalog.ts';
import { listedModels } from './listed-models.ts';
import type { TextModel } from './text-model.ts';
import { perMillion } from './usd-price.ts';

/** reference `GET /models` `sort` values (spec 4.4: "the sort parameter was updated"). */
export const MODEL_SORTS = [
  'most-popular',
  'newest',
  'top-weekly',
  'pricing-low-to-high',
  'pricing-high-to-low',
  'context-high-to-low',
  'throughput-high-to-low',
  'latency-low-to-high',
  'intelligence-high-to-low',
  'coding-high-to-low',
  'agentic-high-to-low',
  'design-arena-elo-high-to-low',
] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];

type NumberRule = { kind: 'int' | 'number'; min: number; max?: number };

/** spec 4.4 filters with the reference's types and bounds, plus the reference's older filters. */
const NUMERIC: Record<string, NumberRule> = {
  max_age_days: { kind: 'int', min: 0 },
  min_age_days: { kind: 'int', min: 0 },
  max_agentic_index: { kind: 'number', min: 0 },
  min_agentic_index: { kind: 'number', min: 0 },
  max_coding_index: { kind: 'number', min: 0 },
  min_coding_index: { kind: 'number', min: 0 },
  max_intelligence_index: { kind: 'number', min: 0 },
  min_intelligence_index: { kind: 'number', min: 0 },
  max_output_price: { kind: 'number', min: 0 },
  min_output_price: { kind: 'number', min: 0 },
  max_tool_success_rate: { kind: 'number', min: 0, max: 1 },
  min_tool_success_rate: { kind: 'number', min: 0, max: 1 },
  max_price: { kind: 'number', min: 0 },
  min_price: { kind: 'number', min: 0 },
  context: { kind: 'int', min: 1 },
  offset: { kind: 'int', min: 0 },
  limit: { kind: 'int', min: 1, max: 1000 },
};

/** A parsed `GET /models` query. */
export interface ModelQuery {
  numbers: Partial<Record<keyof typeof NUMERIC, number>>;
  sort?: ModelSort;
  q?: string;
  supportedParameters?: string[];
  inputModalities?: string[];
  outputModalities?: string[] | 'all';
  modelAuthors?: string[];
  providers?: string[];
  distillable?: boolean;
  zdr?: boolean;
  region?: 'us' | 'eu';
  category?: string;
  arch?: string[];
}

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Parse the query of `GET /models` (spec 4.4 and the reference parameters). Every bad value is a
 * 400 naming the parameter and the rule; unknown parameters are ignored, as HTTP APIs do.
 *
 * @example
 * parseModelQuery(new URLSearchParams('max_age_days=90&sort=newest'));
 */
export function parseModelQuery(params: URLSearchParams): ModelQuery {
  const query: ModelQuery = { numbers: {} };
  for (const [name, rule] of Object.entries(NUMERIC)) {
    const raw = params.get(name);
    if (raw === null) continue;
    const n = raw.trim() === '' ? Number.NaN : Number(raw);
    const kind = rule.kind === 'int' ? 'an integer' : 'a number';
    const range = rule.max !== undefined ? `from ${rule.min} to ${rule.max}` : `>= ${rule.min}`;
    if (!Number.isFinite(n) || (rule.kind === 'int' && !Number.isInteger(n)) || n < rule.min || (rule.max !== undefined && n > rule.max)) {
      throw new GatewayError(400, `${name}: must be ${kind} ${range} (got ${JSON.stringify(raw)})`);
    }
    query.numbers[name as keyof typeof NUMERIC] = n;
  }
  const sort = params.get('sort');
  if (sort !== null) {
    if (!(MODEL_SORTS as readonly string[]).includes(sort))
      throw new GatewayError(400, `sort: must be one of ${MODEL_SORTS.join(', ')} (got ${JSON.stringify(sort)})`);
    query.sort = sort as ModelSort;
  }
  const q = params.get('q');
  if (q !== null && q.trim() !== '') query.q = q.trim().toLowerCase();
  const sp = params.get('supported_parameters');
  if (sp !== null) query.supportedParameters = list(sp);
  const im = params.get('input_modalities');
  if (im !== null) query.inputModalities = list(im);
  const om = params.get('output_modalities');
  if (om !== null) query.outputModalities = om.trim() === 'all' ? 'all' : list(om);
  const authors = params.get('model_authors');
  if (authors !== null) query.modelAuthors = list(authors).map((a) => a.toLowerCase());
  const providers = params.get('providers');
  if (providers !== null) query.providers = list(providers).map((p) => p.toLowerCase());
  const distillable = params.get('distillable');
  if (distillable !== null) {
    if (distillable !== 'true' && distillable !== 'false')
      throw new GatewayError(400, `distillable: must be "true" or "false" (got ${JSON.stringify(distillable)})`);
    query.distillable = distillable === 'true';
  }
  const zdr = params.get('zdr');
  if (zdr !== null) {
    if (zdr !== 'true') throw new GatewayError(400, `zdr: must be "true" (got ${JSON.stringify(zdr)})`);
    query.zdr = true;
  }
  const category = params.get('category');
  if (category !== null) {
    const known: readonly string[] = RankingsCategorySchema.options;
    if (!known.includes(category)) throw new GatewayError(400, `category: must be one of ${known.join(', ')} (got ${JSON.stringify(category)})`);
    query.category = category;
  }
  const arch = params.get('arch');
  if (arch !== null && arch.trim() !== '') query.arch = list(arch).map((a) => a.toLowerCase());
  const region = params.get('region');
  if (region !== null) {
    if (region !== 'us' && region !== 'eu') throw new GatewayError(400, `region: must be "us" or "eu" (got ${JSON.stringify(region)})`);
    query.region = region;
  }
  for (const [lo, hi] of [
    ['min_age_days', 'max_age_days'],
    ['min_agentic_index', 'max_agentic_index'],
    ['min_coding_index', 'max_coding_index'],
    ['min_intelligence_index', 'max_intelligence_index'],
    ['min_output_price', 'max_output_price'],
    ['min_tool_success_rate', 'max_tool_success_rate'],
    ['min_price', 'max_price'],
  ] as const) {
    const a = query.numbers[lo];
    const b = query.numbers[hi];
    if (a !== undefined && b !== undefined && a > b) throw new GatewayError(400, `${lo}: must not exceed ${hi} (${a} > ${b})`);
  }
  return query;
}

/** Age of a model in whole days on the gateway clock (the reference's age parameters are integers: 89.6 days old is 89). */
export function modelAgeDays(model: TextModel, nowMs: number): number {
  return Math.floor((nowMs - model.created * 1000) / 86_400_000);
}

function within(value: number | null, min: number | undefined, max: number | undefined): boolean {
  if (min === undefined && max === undefined) return true;
  // A model without the score cannot satisfy a bound on it.
  if (value === null) return false;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

/** Listed prices of a model (its first endpoint), USD per million tokens. */
function listedPrices(m: TextModel): { prompt: number; completion: number } {
  const top = m.endpoints[0];
  return { prompt: perMillion(top?.pricing.prompt), completion: perMillion(top?.pricing.completion) };
}

/**
 * The models a query selects, in the order it asks for (catalogue order when no sort; models
 * lacking the sorted score go last). Ages come from `nowMs`, the gateway clock.
 *
 * @example
 * selectModels(catalog, parseModelQuery(url.searchParams), env.clock.now());
 */
export function selectModels(catalog: Catalog, query: ModelQuery, nowMs: number): TextModel[] {
  const n = query.numbers;
  const providerOf = (slug: string) => catalog.providers.find((p) => p.slug === slug);
  const selected = listedModels(catalog.models).filter((m) => {
    if (!within(modelAgeDays(m, nowMs), n.min_age_days, n.max_age_days)) return false;
    const b = m.benchmarks;
    if (!within(b.agentic_index, n.min_agentic_index, n.max_agentic_index)) return false;
    if (!within(b.coding_index, n.min_coding_index, n.max_coding_index)) return false;
    if (!within(b.intelligence_index, n.min_intelligence_index, n.max_intelligence_index)) return false;
    if (!within(m.tool_success_rate, n.min_tool_success_rate, n.max_tool_success_rate)) return false;
    const price = listedPrices(m);
    if (!within(price.completion, n.min_output_price, n.max_output_price)) return false;
    if (!within(price.prompt, n.min_price, n.max_price)) return false;
    if (n.context !== undefined && m.context_length < n.context) return false;
    if (query.q && !m.id.toLowerCase().includes(query.q) && !m.name.toLowerCase().includes(query.q)) return false;
    if (query.supportedParameters && !query.supportedParameters.every((p) => m.supported_parameters.includes(p))) return false;
    if (query.inputModalities && !query.inputModalities.every((x) => m.input_modalities.includes(x))) return false;
    // reference: output_modalities defaults to "text"; every catalogue text model outputs text.
    if (Array.isArray(query.outputModalities) && !query.outputModalities.some((x) => m.output_modalities.includes(x))) return false;
    if (query.modelAuthors && !query.modelAuthors.includes((m.id.split('/')[0] ?? '').toLowerCase())) return false;
    const providers = m.endpoints.map((e) => providerOf(e.provider));
    if (query.providers && !providers.some((p) => p && (query.providers?.includes(p.slug.toLowerCase()) || query.providers?.includes(p.name.toLowerCase()))))
      return false;
    if (query.distillable !== undefined && m.distillable !== query.distillable) return false;
    if (query.zdr && !providers.some((p) => p?.zdr)) return false;
    if (query.region && !providers.some((p) => p?.region === query.region)) return false;
    if (query.category && !(m.categories as readonly string[]).includes(query.category)) return false;
    // A family name matches its versions: `Llama` matches the tokenizer group `Llama3`.
    if (query.arch && !query.arch.some((a) => m.tokenizer.toLowerCase().startsWith(a))) return false;
    return true;
  });
  if (!query.sort) return selected;
  const key = sortKey(query.sort);
  return selected
    .map((m, i) => ({ m, i, k: key(m) }))
    .sort((a, b) => {
      if (a.k === null && b.k === null) return a.i - b.i;
      if (a.k === null) return 1;
      if (b.k === null) return -1;
      return b.k - a.k || a.i - b.i;
    })
    .map((x) => x.m);
}

/** A number to sort descending by (null: no score, placed last). */
function sortKey(sort: ModelSort): (m: TextModel) => number | null {
  const avgPrice = (m: TextModel) => {
    const p = listedPrices(m);
    return (p.prompt + p.completion) / 2;
  };
  switch (sort) {
    case 'most-popular':
    case 'top-weekly':
      return (m) => m.spend_share;
    case 'newest':
      return (m) => m.created;
    case 'pricing-low-to-high':
      return (m) => -avgPrice(m);
    case 'pricing-high-to-low':
      return (m) => avgPrice(m);
    case 'context-high-to-low':
      return (m) => m.context_length;
    case 'throughput-high-to-low':
      return (m) => Math.max(...m.endpoints.map((e) => e.throughput.p50));
    case 'latency-low-to-high':
      return (m) => -Math.min(...m.endpoints.map((e) => e.latency.p50));
    case 'intelligence-high-to-low':
      return (m) => m.benchmarks.intelligence_index;
    case 'coding-high-to-low':
      return (m) => m.benchmarks.coding_index;
    case 'agentic-high-to-low':
      return (m) => m.benchmarks.agentic_index;
    case 'design-arena-elo-high-to-low':
      // The catalogue has no Design Arena data: every model lacks the score, order unchanged.
      return () => null;
  }
}
