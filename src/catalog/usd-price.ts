import { z } from 'zod';

const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/**
 * A price in USD as the reference `PublicPricing` writes it: a decimal string (`"0.00000025"`).
 * A plain non-negative number is accepted too and normalised to its string form.
 *
 * @example
 * UsdPriceSchema.parse(0.0000025); // "0.0000025"
 */
export const UsdPriceSchema = z
  .union([z.string().regex(DECIMAL, { message: 'must be a non-negative decimal string such as "0.0000025" (USD)' }), z.number().nonnegative().finite()])
  .transform((v) => (typeof v === 'number' ? String(v) : v));

/** USD per token (catalogue) -> USD per million tokens (what `max_price` and /models filters use). */
export function perMillion(usdPerToken: string | undefined): number {
  if (usdPerToken === undefined) return 0;
  // Round away binary noise: 0.00000025 * 1e6 must compare equal to 0.25.
  return Math.round(Number(usdPerToken) * 1e6 * 1e9) / 1e9;
}
