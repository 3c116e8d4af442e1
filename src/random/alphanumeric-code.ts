import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CODES = Array.from(ALPHANUMERIC, (c) => c.charCodeAt(0));
const RANGE = CODES.length;
/** The largest multiple of {@link RANGE} a 32-bit draw may take: draws at or above it are drawn again. */
const LIMIT = Math.floor(0x1_0000_0000 / RANGE) * RANGE;

/**
 * The character code of one id character of [0-9A-Za-z], drawn from `gen` as pure-rand's
 * `uniformInt(gen, 0, 61)` draws an index: the generator's next 32 bits as an unsigned number,
 * drawn again while at or above the largest multiple of 62, then taken modulo 62. The same
 * numbers, with the range fixed here, so the engine keeps the arithmetic in integers: ids are
 * most of the draws an answer makes. A test holds the two equal.
 *
 * @example
 * const code = alphanumericCode(xoroshiro128plus(1)); // 48-57, 65-90 or 97-122
 */
export function alphanumericCode(gen: RandomGenerator): number {
  // next() is a signed 32-bit number; flipping its top bit adds 2^31, as uniformInt does.
  let draw = (gen.next() ^ 0x8000_0000) >>> 0;
  while (draw >= LIMIT) draw = (gen.next() ^ 0x8000_0000) >>> 0;
  return CODES[draw % RANGE] as number;
}
