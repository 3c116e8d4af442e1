import { seededRandom, type SeededRandom } from '../random/seeded-random.ts';

/**
 * The per-answer id draws of answer number `seq` (DESIGN determinism: ids come from the seed and
 * the answer's sequence number). The full path and the answer memo's replay both draw from here,
 * so a replayed answer carries the ids the full path would have given it.
 *
 * @example
 * const ids = answerIds(env.seed, ctx.seq);
 * const id = `resp_${ids.responseDraw()}`;
 */
export function answerIds(seed: number, seq: number): { readonly items: SeededRandom; responseDraw(): string; chunking(): SeededRandom } {
  const ids = seededRandom(seed, 'responses-ids', String(seq));
  return { items: ids.fork('items'), responseDraw: () => ids.fork('response').alphanumeric(32), chunking: () => ids.fork('chunking') };
}
