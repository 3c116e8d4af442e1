import { z } from 'zod';
import { UsdPriceSchema } from './usd-price.ts';

/** reference `Quantization`. */
export const QUANTIZATIONS = ['int4', 'int8', 'fp4', 'mxfp4', 'nvfp4', 'fp6', 'fp8', 'mxfp8', 'fp16', 'bf16', 'fp32', 'unknown'] as const;
export type Quantization = (typeof QUANTIZATIONS)[number];

/** Percentile stats (reference `PercentileStats`); a plain number is the p50 and the rest are derived. */
export interface Percentiles {
  p50: number;
  p75: number;
  p90: number;
  p99: number;
}

function percentilesSchema(unit: string, spread: { p75: number; p90: number; p99: number }) {
  const positive = z.number().positive().finite();
  return z
    .union([positive, z.object({ p50: positive, p75: positive.optional(), p90: positive.optional(), p99: positive.optional() })])
    .describe(unit)
    .transform((v): Percentiles => {
      const p50 = typeof v === 'number' ? v : v.p50;
      const o: { p75?: number; p90?: number; p99?: number } = typeof v === 'number' ? {} : v;
      // Derived tails are deterministic multiples of p50 so a catalogue can give one number.
      const derive = (k: number) => Math.round(p50 * k * 1000) / 1000;
      return { p50, p75: o.p75 ?? derive(spread.p75), p90: o.p90 ?? derive(spread.p90), p99: o.p99 ?? derive(spread.p99) };
    });
}

/** Prices of one endpoint, USD per token / per request / per image (reference `PublicPricing`). */
export const EndpointPricingSchema = z.looseObject({
  prompt: UsdPriceSchema,
  completion: UsdPriceSchema,
  request: UsdPriceSchema.optional(),
  image: UsdPriceSchema.optional(),
  audio: UsdPriceSchema.optional(),
  input_cache_read: UsdPriceSchema.optional(),
  input_cache_write: UsdPriceSchema.optional(),
  internal_reasoning: UsdPriceSchema.optional(),
});
export type EndpointPricing = z.infer<typeof EndpointPricingSchema>;

/**
 * One provider endpoint serving a model: the unit the router filters, orders and tries.
 *
 * @example
 * ModelEndpointSchema.parse({ provider: 'together', quantization: 'fp8',
 *   pricing: { prompt: '0.00000088', completion: '0.00000088' }, latency: 0.5, throughput: 90 });
 */
export const ModelEndpointSchema = z.looseObject({
  /** A provider slug of `catalog.providers`. */
  provider: z.string().min(1),
  quantization: z.enum(QUANTIZATIONS).default('unknown'),
  /** Overrides the model's context length for this endpoint. */
  context_length: z.number().int().positive().optional(),
  max_completion_tokens: z.number().int().positive().optional(),
  pricing: EndpointPricingSchema,
  /** Seconds to first token; a number is the p50 (p75/p90/p99 = 1.3/1.8/3 times it). */
  latency: percentilesSchema('seconds', { p75: 1.3, p90: 1.8, p99: 3 }).default({ p50: 1, p75: 1.3, p90: 1.8, p99: 3 }),
  /** Tokens per second; a number is the p50 (p75/p90/p99 = 0.85/0.65/0.35 times it). */
  throughput: percentilesSchema('tokens per second', { p75: 0.85, p90: 0.65, p99: 0.35 }).default({ p50: 50, p75: 42.5, p90: 32.5, p99: 17.5 }),
  /** Request parameters this endpoint honours (reference `Parameter`); default: the model's list. */
  supported_parameters: z.array(z.string().min(1)).optional(),
  /** Percent over the last day (reference `uptime_last_1d`). */
  uptime: z.number().min(0).max(100).default(99.9),
});
export type ModelEndpoint = z.infer<typeof ModelEndpointSchema>;
export type ModelEndpointInput = z.input<typeof ModelEndpointSchema>;
