import { z } from 'zod';
import { formatZodError, gatewayZodErrorMap } from '../errors/format-zod-error.ts';

/** `instant` (default): answers at once. `realistic`: at the routed endpoint's speed, on the gateway clock. */
export const TIMING_MODES = ['instant', 'realistic'] as const;
export type TimingMode = (typeof TIMING_MODES)[number];

/**
 * 524 past this time to first token. Spec 8 leaves time-out durations unshown; 100 s is the
 * edge-network limit 524 is named after.
 */
export const DEFAULT_FIRST_TOKEN_TIMEOUT_MS = 100_000;
/** 408 past this whole-generation time (first token plus output at the endpoint's throughput). */
export const DEFAULT_GENERATION_TIMEOUT_MS = 300_000;

const ms = z.number().int().positive().max(86_400_000);

export const TimingOptionsSchema = z.union([
  z.enum(TIMING_MODES),
  z.strictObject({
    mode: z.enum(TIMING_MODES).default('instant'),
    /** Time-to-first-token limit (ms): a slower endpoint answers 524 at this time. */
    firstTokenTimeoutMs: ms.default(DEFAULT_FIRST_TOKEN_TIMEOUT_MS),
    /** Whole-generation limit (ms): a longer generation answers 408 at this time. */
    generationTimeoutMs: ms.default(DEFAULT_GENERATION_TIMEOUT_MS),
  }),
]);
export type TimingOptions = z.input<typeof TimingOptionsSchema>;

/** The gateway's timing, resolved. */
export interface Timing {
  readonly mode: TimingMode;
  readonly firstTokenTimeoutMs: number;
  readonly generationTimeoutMs: number;
}

/**
 * Validate and complete timing options: a mode name or `{ mode, firstTokenTimeoutMs,
 * generationTimeoutMs }`. Throws a TypeError naming `label` and the path of the problem.
 *
 * @example
 * resolveTiming('realistic'); // { mode: 'realistic', firstTokenTimeoutMs: 100000, generationTimeoutMs: 300000 }
 */
export function resolveTiming(input: TimingOptions | undefined, label = 'timing'): Timing {
  const parsed = TimingOptionsSchema.safeParse(input ?? 'instant', { error: gatewayZodErrorMap });
  if (!parsed.success) throw new TypeError(`${label}: ${formatZodError(parsed.error)}`);
  const v = parsed.data;
  return typeof v === 'string' ? { mode: v, firstTokenTimeoutMs: DEFAULT_FIRST_TOKEN_TIMEOUT_MS, generationTimeoutMs: DEFAULT_GENERATION_TIMEOUT_MS } : v;
}
