import type { SeededRandom } from '../random/seeded-random.ts';

/**
 * Split text into stream deltas at word boundaries, one to three words each (seeded), each word
 * carrying the whitespace before it, as model tokens do. The pieces concatenate exactly to `text`.
 *
 * @example
 * splitTextDeltas('Hello there, friend.', rng); // ['Hello there,', ' friend.']
 */
export function splitTextDeltas(text: string, rng: SeededRandom): string[] {
  // The words cover the text end to end, so a delta is the slice from its first word's start to
  // its last word's end: no array of words to join (the same pieces, one allocation each).
  const ends: number[] = [];
  const word = /\s*\S+|\s+$/g;
  for (let m = word.exec(text); m !== null; m = word.exec(text)) ends.push(word.lastIndex);
  const deltas: string[] = [];
  let start = 0;
  for (let i = 0; i < ends.length;) {
    const take = rng.int(1, 3);
    i = Math.min(i + take, ends.length);
    const end = ends[i - 1] as number;
    deltas.push(text.slice(start, end));
    start = end;
  }
  return deltas;
}

/**
 * Split function-call arguments (JSON text, no word structure) into chunks of 4 to 16 characters,
 * never inside a surrogate pair. The pieces concatenate exactly to `text`.
 */
export function splitArgumentDeltas(text: string, rng: SeededRandom): string[] {
  const chars = Array.from(text);
  const deltas: string[] = [];
  for (let i = 0; i < chars.length;) {
    const take = rng.int(4, 16);
    deltas.push(chars.slice(i, i + take).join(''));
    i += take;
  }
  return deltas;
}
