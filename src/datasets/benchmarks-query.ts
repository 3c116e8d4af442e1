import { boolParam, enumParam, intParam, oneParam } from './query-params.ts';

export const BENCHMARK_SOURCES = ['artificial-analysis', 'design-arena', 'openrouter'] as const;
export const BENCHMARK_TASK_TYPES = ['coding', 'intelligence', 'agentic', 'search'] as const;
export const CLASSIC_BENCHMARKS = ['gpqa_diamond', 'tau_bench_verified_airline'] as const;
export const SEARCH_BENCHMARKS = ['search_browsecomp', 'search_hle', 'search_dsqa', 'search_widesearch'] as const;
export const SEARCH_SURFACES = ['server-tool', 'plugin'] as const;
export const DESIGN_ARENAS = ['models', 'builders', 'agents'] as const;

export type BenchmarkSource = (typeof BENCHMARK_SOURCES)[number];
export type BenchmarkTaskType = (typeof BENCHMARK_TASK_TYPES)[number];
export type ClassicBenchmark = (typeof CLASSIC_BENCHMARKS)[number];
export type SearchBenchmark = (typeof SEARCH_BENCHMARKS)[number];
export type SearchSurface = (typeof SEARCH_SURFACES)[number];
export type DesignArena = (typeof DESIGN_ARENAS)[number];

/** A validated query of GET /benchmarks (reference getBenchmarks). */
export interface BenchmarksQuery {
  readonly source?: BenchmarkSource;
  readonly taskType?: BenchmarkTaskType;
  readonly benchmarkType?: ClassicBenchmark | SearchBenchmark;
  readonly includeRunConfig: boolean;
  readonly searchEngine?: string;
  readonly searchSurface?: SearchSurface;
  readonly arena?: DesignArena;
  readonly category?: string;
  readonly maxResults?: number;
}

/**
 * Read the query of GET /benchmarks: the reference's enums and bounds, a 400 naming the parameter
 * otherwise. Free-text filters (`search_engine`, `category`) only narrow the result.
 *
 * @example
 * parseBenchmarksQuery(new URLSearchParams('source=openrouter&max_results=5'));
 */
export function parseBenchmarksQuery(params: URLSearchParams): BenchmarksQuery {
  const source = enumParam(params, 'source', BENCHMARK_SOURCES);
  const taskType = enumParam(params, 'task_type', BENCHMARK_TASK_TYPES);
  const benchmarkType = enumParam(params, 'benchmark_type', [...CLASSIC_BENCHMARKS, ...SEARCH_BENCHMARKS]);
  const searchEngine = oneParam(params, 'search_engine');
  const searchSurface = enumParam(params, 'search_surface', SEARCH_SURFACES);
  const arena = enumParam(params, 'arena', DESIGN_ARENAS);
  const category = oneParam(params, 'category');
  const maxResults = intParam(params, 'max_results', 1);
  return {
    includeRunConfig: boolParam(params, 'include_run_config') ?? false,
    ...(source !== undefined ? { source } : {}),
    ...(taskType !== undefined ? { taskType } : {}),
    ...(benchmarkType !== undefined ? { benchmarkType } : {}),
    ...(searchEngine !== undefined ? { searchEngine } : {}),
    ...(searchSurface !== undefined ? { searchSurface } : {}),
    ...(arena !== undefined ? { arena } : {}),
    ...(category !== undefined ? { category } : {}),
    ...(maxResults !== undefined ? { maxResults } : {}),
  };
}
