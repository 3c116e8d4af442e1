import type { TextModel } from '../catalog/text-model.ts';
import {
  artificialAnalysisItem,
  DESIGN_BUILDERS,
  DESIGN_CATEGORIES,
  designArenaItem,
  openRouterItem,
  searchItem,
  type BenchmarkItem,
  type StrongModel,
} from './benchmark-items.ts';
import { CLASSIC_BENCHMARKS, SEARCH_BENCHMARKS, type BenchmarkSource, type BenchmarksQuery } from './benchmarks-query.ts';
import { modelStrength } from './model-strength.ts';
import { utcDayOf } from './utc-day.ts';

/** How many of the strongest models each smaller source ranks. */
const DESIGN_ARENA_MODELS = 20;
const OPENROUTER_MODELS = 30;
const SEARCH_MODELS = 15;

const SOURCE_META: Readonly<Record<BenchmarkSource, { url: string; citation: string }>> = {
  'artificial-analysis': {
    url: 'https://artificialanalysis.ai',
    citation: 'Source: Artificial Analysis (artificialanalysis.ai) via OpenRouter (openrouter.ai/rankings).',
  },
  'design-arena': { url: 'https://www.designarena.ai', citation: 'Source: Design Arena (designarena.ai) via OpenRouter (openrouter.ai/rankings).' },
  openrouter: { url: 'https://openrouter.ai/rankings', citation: 'Source: OpenRouter (openrouter.ai/rankings).' },
};

const byDesc =
  <T>(key: (t: T) => number) =>
  (a: T, b: T) =>
    key(b) - key(a);

function aaItems(models: readonly StrongModel[], query: BenchmarksQuery, seed: number): BenchmarkItem[] {
  if (query.taskType === 'search' || query.benchmarkType?.startsWith('search_')) return [];
  const index = `${query.taskType ?? 'intelligence'}_index`;
  const items = models.map((m) => artificialAnalysisItem(m, seed)).filter((i) => typeof i[index] === 'number');
  return items.sort(byDesc((i) => i[index] as number));
}

function daItems(models: readonly StrongModel[], query: BenchmarksQuery, seed: number): BenchmarkItem[] {
  // task_type maps to Design Arena's matching category (coding) or arena (agentic); the others have none.
  if (query.taskType === 'search' || query.taskType === 'intelligence' || query.benchmarkType?.startsWith('search_')) return [];
  const arena = query.taskType === 'agentic' ? 'agents' : (query.arena ?? 'models');
  const categories =
    query.taskType === 'coding'
      ? ['codecategories']
      : query.category !== undefined
        ? [query.category]
        : arena === 'models'
          ? [...DESIGN_CATEGORIES]
          : ['codecategories', 'uicomponent'];
  const entrants: Array<StrongModel | string> = arena === 'builders' ? [...DESIGN_BUILDERS] : models.slice(0, DESIGN_ARENA_MODELS);
  const known = arena === 'models' ? (DESIGN_CATEGORIES as readonly string[]) : ['codecategories', 'uicomponent'];
  return categories
    .filter((c) => known.includes(c))
    .flatMap((c) => entrants.map((e) => designArenaItem(e, arena, c, seed)).sort(byDesc((i) => i.elo as number)));
}

function orItems(models: readonly StrongModel[], query: BenchmarksQuery, asOfMs: number, seed: number): BenchmarkItem[] {
  const bt = query.benchmarkType;
  const searchOnly = query.taskType === 'search' || bt?.startsWith('search_');
  const classic =
    searchOnly || query.taskType === 'coding'
      ? []
      : CLASSIC_BENCHMARKS.filter(
          (b) => (bt === undefined || bt === b) && (query.taskType === undefined || (query.taskType === 'intelligence') === (b === 'gpqa_diamond')),
        );
  const search =
    query.taskType !== undefined && query.taskType !== 'search'
      ? []
      : SEARCH_BENCHMARKS.filter((b) => bt === undefined || !bt.startsWith('search_') || bt === b);
  const out = classic.flatMap((b) =>
    models
      .slice(0, OPENROUTER_MODELS)
      .map((m) => openRouterItem(m, b, asOfMs, seed))
      .sort(byDesc((i) => i.accuracy as number)),
  );
  const tooling = models.filter((m) => m.model.supported_parameters.includes('tools')).slice(0, SEARCH_MODELS);
  const searched = search.flatMap((b) =>
    tooling.map((m) => searchItem(m, b, query.includeRunConfig, asOfMs, seed)).sort(byDesc((i) => i.primary_score as number)),
  );
  const filtered = searched.filter(
    (i) =>
      (query.searchEngine === undefined || i.search_engine === query.searchEngine) &&
      (query.searchSurface === undefined || i.search_surface === query.searchSurface),
  );
  return [...out, ...filtered];
}

/**
 * GET /benchmarks (reference getBenchmarks): Artificial Analysis indexes for every catalogue text
 * model, Design Arena rankings and OpenRouter's evals for the strongest, all from one strength per
 * model (so the sources agree), with the catalogue's names and listed prices. A pure function of
 * (catalogue, seed, query, clock); `as_of` is the start of the gateway clock's UTC day.
 *
 * @example
 * benchmarks(catalog.models, 0, parseBenchmarksQuery(url.searchParams), clock.now()).meta.model_count;
 */
export function benchmarks(catalogModels: readonly TextModel[], seed: number, query: BenchmarksQuery, nowMs: number) {
  const asOfMs = utcDayOf(nowMs) * 86_400_000;
  const models = catalogModels
    .filter((m) => m.output_modalities.includes('text'))
    .map((model) => ({ model, strength: modelStrength(model, seed) }))
    .sort((a, b) => b.strength - a.strength || (a.model.id < b.model.id ? -1 : 1));
  const want = (s: BenchmarkSource) => query.source === undefined || query.source === s;
  const all = [
    ...(want('artificial-analysis') ? aaItems(models, query, seed) : []),
    ...(want('design-arena') ? daItems(models, query, seed) : []),
    ...(want('openrouter') ? orItems(models, query, asOfMs, seed) : []),
  ];
  const data = query.maxResults === undefined ? all : all.slice(0, query.maxResults);
  const meta = query.source === undefined ? { url: null, citation: null } : SOURCE_META[query.source];
  return {
    data,
    meta: {
      as_of: new Date(asOfMs).toISOString(),
      version: 'v1' as const,
      source: query.source ?? null,
      source_url: meta.url,
      citation: meta.citation,
      model_count: new Set(data.map((i) => i.model_permaslug)).size,
      task_type: query.taskType ?? null,
    },
  };
}
