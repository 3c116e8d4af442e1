import type { TextModel } from '../catalog/text-model.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { RANKINGS_FLOOR_DAY } from './rankings-query.ts';
import { parseUtcDay, utcDayOf } from './utc-day.ts';

/** One ranked entry of the dataset: a catalogue model or one of its variants. */
export interface RankedModel {
  /** Reference `model_permaslug`; non-default variants carry a `:variant` suffix and rank on their own. */
  readonly permaslug: string;
  /** First UTC day with traffic. */
  readonly launchDay: number;
  /** Typical daily tokens once ramped up. */
  readonly dailyTokens: number;
  readonly inputModalities: readonly string[];
  readonly outputModalities: readonly string[];
  /** Accepts `tools`, so its traffic can record tool calls. */
  readonly toolCalling: boolean;
  readonly contextLength: number;
}

/** Daily tokens of the whole simulated gateway; each model takes its `spend_share` of it. */
export const GATEWAY_DAILY_TOKENS = 100_000_000_000;

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

function launchDayOf(model: TextModel, seed: number): number {
  const created = (model as Record<string, unknown>).created;
  let day: number | undefined;
  if (typeof created === 'string') day = parseUtcDay(created.slice(0, 10));
  else if (typeof created === 'number' && Number.isFinite(created)) day = utcDayOf(created * 1000);
  // Without a creation date, a seeded launch within the dataset's first 240 days.
  day ??= RANKINGS_FLOOR_DAY + seededRandom(seed, 'rankings-daily', 'launch', model.id).int(0, 240);
  return Math.max(day, RANKINGS_FLOOR_DAY);
}

/**
 * The entries the dataset ranks, derived from the catalogue's text models (fields read loosely, as
 * the catalogue owner may add them: `created`, `input_modalities`/`architecture.input_modalities`,
 * `output_modalities`, `supported_parameters`, `spend_share`), plus an entry per catalogue variant
 * (`variants`: `:free`, `:thinking`), as GET /models lists them. A pure function of (models, seed).
 *
 * @example
 * rankedModels(catalog.models, 0).map((m) => m.permaslug); // ['openai/gpt-5', ..., 'openai/gpt-4o-mini', 'openai/gpt-4o-mini:free']
 */
export function rankedModels(models: readonly TextModel[], seed: number): RankedModel[] {
  const out: RankedModel[] = [];
  for (const model of models) {
    const m = model as Record<string, unknown>;
    const arch = (m.architecture ?? {}) as Record<string, unknown>;
    const rng = seededRandom(seed, 'rankings-daily', 'model', model.id);
    const share = typeof m.spend_share === 'number' && m.spend_share > 0 ? m.spend_share : undefined;
    // Log-uniform 10M..10B tokens a day when the catalogue gives no share; a seeded wobble
    // either way, so two models with the same share do not tie every day.
    const base = share !== undefined ? share * GATEWAY_DAILY_TOKENS : 10 ** (7 + rng.float() * 3);
    const params = strings(m.supported_parameters);
    const entry: RankedModel = {
      permaslug: model.id,
      launchDay: launchDayOf(model, seed),
      dailyTokens: Math.round(base * (0.9 + rng.float() * 0.2)),
      inputModalities: strings(m.input_modalities) ?? strings(arch.input_modalities) ?? ['text'],
      outputModalities: strings(m.output_modalities) ?? strings(arch.output_modalities) ?? ['text'],
      toolCalling: params ? params.includes('tools') : true,
      contextLength: model.context_length,
    };
    out.push(entry);
    // The catalogue's variants (`:free`, `:thinking`) rank on their own, as GET /models lists them.
    // This draw once decided a seeded `:free`; it stays so every later number keeps its value.
    rng.float();
    for (const variant of model.variants) {
      out.push({ ...entry, permaslug: `${model.id}:${variant}`, dailyTokens: Math.max(1, Math.round(entry.dailyTokens * (0.05 + rng.float() * 0.2))) });
    }
  }
  return out;
}
