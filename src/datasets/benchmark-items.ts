import type { TextModel } from '../catalog/text-model.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { CLASSIC_BENCHMARKS, SEARCH_BENCHMARKS, type DesignArena } from './benchmarks-query.ts';
import { listedPricing } from './model-strength.ts';

/** A model with its benchmark strength (model-strength.ts), strongest first. */
export interface StrongModel {
  readonly model: TextModel;
  readonly strength: number;
}
export type BenchmarkItem = Record<string, unknown> & { readonly source: string; readonly model_permaslug: string };

const DAY_MS = 86_400_000;
/** Design Arena's categories of the `models` arena (reference getBenchmarks `category`). */
export const DESIGN_CATEGORIES = ['codecategories', 'uicomponent', 'gamedev', '3d', 'dataviz', 'svg'] as const;
/** App builders ranked in Design Arena's `builders` arena: not OpenRouter models, so their upstream ids. */
const BUILDERS = ['lovable', 'bolt', 'v0', 'replit-agent', 'same', 'firebase-studio'] as const;

const round = (n: number, digits: number) => Number(n.toFixed(digits));
const iso = (ms: number) => new Date(ms).toISOString();

/** reference `UnifiedBenchmarksAAItem`: the catalogue's indexes where it has them, else derived from strength. */
export function artificialAnalysisItem({ model, strength }: StrongModel, seed: number): BenchmarkItem {
  const rng = seededRandom(seed, 'benchmarks', 'aa', model.id);
  const b = model.benchmarks;
  const intelligence = b.intelligence_index ?? round(15 + 60 * strength + rng.float() * 4, 1);
  const coding = b.coding_index ?? round(Math.min(100, intelligence * (0.8 + rng.float() * 0.3)), 1);
  const agenticDerived = round(Math.min(100, intelligence * (0.7 + rng.float() * 0.3)), 1);
  // Weak models have no agentic run: the reference allows null.
  const agentic = b.agentic_index ?? (strength < 0.3 ? null : agenticDerived);
  return {
    source: 'artificial-analysis',
    model_permaslug: model.id,
    display_name: model.name,
    intelligence_index: intelligence,
    coding_index: coding,
    agentic_index: agentic,
    pricing: listedPricing(model),
  };
}

function tournament(rng: ReturnType<typeof seededRandom>, winRate: number) {
  const total = rng.int(10, 60);
  const first = Math.round((total * winRate) / 200);
  const second = Math.round((total - first) * 0.4);
  const third = Math.round((total - first - second) * 0.5);
  return { first_place: first, second_place: second, third_place: third, fourth_place: total - first - second - third, total };
}

/** reference `UnifiedBenchmarksDAItem`, for a model (or, in the builders arena, an app builder). */
export function designArenaItem(entry: StrongModel | string, arena: DesignArena, category: string, seed: number): BenchmarkItem {
  const id = typeof entry === 'string' ? entry : entry.model.id;
  const strength = typeof entry === 'string' ? 0.5 : entry.strength;
  const rng = seededRandom(seed, 'benchmarks', 'da', arena, category, id);
  const elo = round(1000 + 450 * strength + rng.float() * 60, 1);
  const winRate = round(Math.min(100, 25 + 55 * strength + rng.float() * 10), 1);
  return {
    source: 'design-arena',
    model_permaslug: id,
    display_name: typeof entry === 'string' ? id : entry.model.name,
    arena,
    category,
    elo,
    win_rate: winRate,
    avg_generation_time_ms: rng.int(2_000, 90_000),
    tournament_stats: tournament(rng, winRate),
    pricing: typeof entry === 'string' ? null : listedPricing(entry.model),
  };
}

/** The builders of Design Arena's `builders` arena. */
export const DESIGN_BUILDERS: readonly string[] = BUILDERS;

/** reference `UnifiedBenchmarksORItem`: OpenRouter's own classic evals. */
export function openRouterItem({ model, strength }: StrongModel, benchmark: (typeof CLASSIC_BENCHMARKS)[number], asOfMs: number, seed: number): BenchmarkItem {
  const rng = seededRandom(seed, 'benchmarks', 'or', benchmark, model.id);
  const runs = rng.int(1, 4);
  const tasks = benchmark === 'gpqa_diamond' ? 198 : 50;
  const completion = Number(listedPricing(model).completion);
  return {
    source: 'openrouter',
    model_permaslug: model.id,
    display_name: model.name,
    benchmark_type: benchmark,
    accuracy: round(Math.min(0.98, 0.25 + 0.65 * strength + rng.float() * 0.05), 4),
    accuracy_stddev: runs === 1 ? null : round(0.005 + rng.float() * 0.03, 4),
    avg_cost_per_task: round(completion * (benchmark === 'gpqa_diamond' ? 2_500 : 12_000), 6),
    total_tasks: tasks * runs,
    last_run_timestamp: iso(asOfMs - rng.int(1, 30) * DAY_MS),
  };
}

/** reference `UnifiedBenchmarksSearchItem`: the published (best) lane of one search benchmark. */
export function searchItem(
  { model, strength }: StrongModel,
  benchmark: (typeof SEARCH_BENCHMARKS)[number],
  withConfig: boolean,
  asOfMs: number,
  seed: number,
): BenchmarkItem {
  const rng = seededRandom(seed, 'benchmarks', 'search', benchmark, model.id);
  const surface = rng.float() < 0.7 ? 'server-tool' : 'plugin';
  const completion = Number(listedPricing(model).completion);
  return {
    source: 'openrouter',
    model_permaslug: model.id,
    display_name: model.name,
    benchmark_type: benchmark,
    primary_metric: benchmark === 'search_widesearch' ? 'f1_by_item' : 'accuracy',
    primary_score: round(Math.min(0.95, 0.1 + 0.7 * strength + rng.float() * 0.05), 4),
    total_tasks: 100,
    avg_cost_per_task: round(0.002 + completion * 8_000, 6),
    avg_latency_per_task_ms: rng.int(8_000, 120_000),
    search_engine: rng.float() < 0.6 ? 'exa' : 'native',
    search_surface: surface,
    last_run_timestamp: iso(asOfMs - rng.int(1, 30) * DAY_MS),
    ...(withConfig
      ? {
          run_config: {
            max_agent_turns: surface === 'plugin' ? null : 25,
            reasoning_effort: model.reasoning ? 'high' : null,
            temperature: model.reasoning ? null : 0.2,
          },
        }
      : {}),
  };
}
