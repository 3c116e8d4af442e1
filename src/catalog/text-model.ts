import { z } from 'zod';
import { ModelEndpointSchema } from './model-endpoint.ts';
import { RankingsCategorySchema } from '../schemas/rankings-daily.ts';
import { UsdPriceSchema } from './usd-price.ts';

/** Parameters a model supports unless the catalogue says otherwise (reference `Parameter`). */
export const DEFAULT_SUPPORTED_PARAMETERS = [
  'temperature',
  'top_p',
  'max_tokens',
  'frequency_penalty',
  'presence_penalty',
  'stop',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Unix seconds, or an ISO date (`"2025-08-07"`) normalised to unix seconds (reference `Model.created`). */
const CreatedSchema = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(ISO_DATE, { message: 'must be unix seconds or an ISO date such as "2025-08-07"' })
    .transform((s, ctx) => {
      const ms = Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s);
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: 'custom', message: `"${s}" is not a real date` });
        return z.NEVER;
      }
      return Math.floor(ms / 1000);
    }),
]);

/** Artificial Analysis indexes, 0..100 (reference `AABenchmarkEntry`). */
export const BenchmarksSchema = z.object({
  intelligence_index: z.number().min(0).max(100).nullable().default(null),
  coding_index: z.number().min(0).max(100).nullable().default(null),
  agentic_index: z.number().min(0).max(100).nullable().default(null),
});

/**
 * A text model and the provider endpoints that serve it, in the order the catalogue lists them.
 *
 * @example
 * TextModelSchema.parse({ id: 'acme/tiny', name: 'Tiny', context_length: 8192, created: '2025-01-01',
 *   endpoints: [{ provider: 'acme', pricing: { prompt: '0.0000001', completion: '0.0000002' } }] });
 */
export const TextModelSchema = z.looseObject({
  /** `<author>/<slug>`; the author is what `anthropic/*` patterns match. */
  id: z.string().min(1),
  name: z.string().min(1),
  canonical_slug: z.string().min(1).optional(),
  /** Other ids requests may name the model by (its canonical slug, dated or not): routed as `id`. */
  aliases: z.array(z.string().min(1)).default([]),
  description: z.string().default(''),
  /** Unix seconds; ages (/models `max_age_days`) are computed from the gateway clock. */
  created: CreatedSchema.default(0),
  context_length: z.number().int().positive(),
  max_completion_tokens: z.number().int().positive().optional(),
  /** Whether the model reasons (reference `Model.reasoning` is present for such models). */
  reasoning: z.boolean().default(false),
  /** The model author allows text distillation (spec 2.4 `enforce_distillable_text`). */
  distillable: z.boolean().default(false),
  input_modalities: z.array(z.string().min(1)).default(['text']),
  output_modalities: z.array(z.string().min(1)).default(['text']),
  /** Model family (reference `ModelGroup`: GPT, Claude, Gemini, Llama3, ...); `GET /models?arch=` matches it. */
  tokenizer: z.string().default('Other'),
  /** Catalogue variants the model has (`:free`, `:thinking`): listed by /models and the rankings, accepted as `model` suffixes. */
  variants: z.array(z.enum(['free', 'thinking'])).default([]),
  /** Use-case categories (reference `GET /models` `category` values); `GET /models?category=` matches them. */
  categories: z.array(RankingsCategorySchema).default([]),
  supported_parameters: z.array(z.string().min(1)).default([...DEFAULT_SUPPORTED_PARAMETERS]),
  benchmarks: BenchmarksSchema.default({ intelligence_index: null, coding_index: null, agentic_index: null }),
  /** Fraction of tool-calling requests that end in a tool call (reference /models `min_tool_success_rate`). */
  tool_success_rate: z.number().min(0).max(1).nullable().default(null),
  /** Traffic-weighted effective prompt price, USD per token (pareto-router `price_source: weighted_avg`). */
  weighted_avg_prompt_price: UsdPriceSchema.optional(),
  /** Community spend share 0..1 (auto-beta-router ranking; also the `most-popular` sort). */
  spend_share: z.number().min(0).max(1).default(0),
  endpoints: z.array(ModelEndpointSchema).min(1),
});
export type TextModel = z.infer<typeof TextModelSchema>;
export type TextModelInput = z.input<typeof TextModelSchema>;
