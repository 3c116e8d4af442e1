import { z } from 'zod';

/** Reference `Quantization` values (spec 2.4 "not shown"; the reference gives them). */
export const QUANTIZATIONS = ['int4', 'int8', 'fp4', 'mxfp4', 'nvfp4', 'fp6', 'fp8', 'mxfp8', 'fp16', 'bf16', 'fp32', 'unknown'] as const;
/** Reference `ProviderSort` values. */
export const PROVIDER_SORTS = ['price', 'throughput', 'latency', 'exacto'] as const;
/** Reference `ProviderSortConfig.partition` values. */
export const SORT_PARTITIONS = ['model', 'none'] as const;

/**
 * A price cap member: USD per million tokens (or per unit). The spec shows `audio` as a string;
 * clients commonly send numbers, so a non-negative number or a numeric string is accepted.
 */
export const PriceCapSchema = z.union([
  z.number().min(0, { error: 'must be >= 0 (USD)' }),
  z.string().regex(/^\d+(\.\d+)?$/, { error: 'must be a non-negative decimal number (USD), e.g. "1.5"' }),
]);

/** spec 2.4 `max_price`: known members checked; remaining members "not shown", so accepted as sent. */
export const MaxPriceSchema = z.looseObject({
  prompt: PriceCapSchema.optional(),
  completion: PriceCapSchema.optional(),
  image: PriceCapSchema.optional(),
  audio: PriceCapSchema.optional(),
  request: PriceCapSchema.optional(),
});
export type MaxPrice = z.infer<typeof MaxPriceSchema>;

/** Reference `PercentileLatencyCutoffs` / `PercentileThroughputCutoffs`. */
export const PercentileCutoffsSchema = z.looseObject({
  p50: z.number().nullable().optional(),
  p75: z.number().nullable().optional(),
  p90: z.number().nullable().optional(),
  p99: z.number().nullable().optional(),
});

export const ProviderSortSchema = z.union([
  z.enum(PROVIDER_SORTS),
  z.looseObject({ by: z.enum(PROVIDER_SORTS).nullable().optional(), partition: z.enum(SORT_PARTITIONS).nullable().optional() }),
]);
export type ProviderSort = z.infer<typeof ProviderSortSchema>;

const slugList = z.array(z.string()).nullable().optional();

/** The members `provider` accepts, in the order messages list them. */
export const PROVIDER_PREFERENCE_KEYS = [
  'allow_fallbacks',
  'data_collection',
  'enforce_distillable_text',
  'ignore',
  'max_price',
  'only',
  'order',
  'preferred_max_latency',
  'preferred_min_throughput',
  'quantizations',
  'require_parameters',
  'sort',
  'zdr',
] as const;

/**
 * spec 2.4 provider preferences, with the members the reference adds (`only`, `order`, `sort`,
 * `quantizations`, `require_parameters`, `zdr`, `preferred_max_latency`,
 * `preferred_min_throughput`). Strict: "No other properties than those listed are allowed", so an
 * unknown member is a 400 naming it.
 *
 * @example
 * ProviderPreferencesSchema.parse({ order: ['alpha'], allow_fallbacks: false, sort: 'price' });
 */
export const ProviderPreferencesSchema = z.strictObject(
  {
    allow_fallbacks: z.boolean().nullable().optional(),
    data_collection: z.enum(['allow', 'deny']).nullable().optional(),
    enforce_distillable_text: z.boolean().nullable().optional(),
    ignore: slugList,
    max_price: MaxPriceSchema.optional(),
    only: slugList,
    order: slugList,
    preferred_max_latency: z.union([z.number(), PercentileCutoffsSchema]).nullable().optional(),
    preferred_min_throughput: z.union([z.number(), PercentileCutoffsSchema]).nullable().optional(),
    quantizations: z.array(z.enum(QUANTIZATIONS)).nullable().optional(),
    require_parameters: z.boolean().nullable().optional(),
    sort: ProviderSortSchema.nullable().optional(),
    zdr: z.boolean().nullable().optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown property (provider accepts only ${PROVIDER_PREFERENCE_KEYS.join(', ')}; spec 2.4)` : undefined,
  },
);
export type ProviderPreferences = z.infer<typeof ProviderPreferencesSchema>;
