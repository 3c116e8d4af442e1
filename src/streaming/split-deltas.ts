import type { SeededRandom } from '../random/seeded-random.ts';

/**
 * Split text into stream deltas at word boundaries, one to three words each (seeded), each word
 * carrying the whitespace before it, as model tokens do. The pieces concatenate exactly to `text`.
 *
 * @example
 * splitTextDeltas('Hello there, friend.', rng); // ['Hello there,', ' friend.']
 */
export function splitTextDeltas(text: string, rng: SeededRandom): string[] {
  const words = text.match(/\s*\S+|\s+$/g) ?? (text === '' ? [] : [text]);
  const deltas: string[] = [];
  for (let i = 0; i < words.length; ) {
    const take = rng.int(1, 3);
    deltas.push(words.slice(i, i + take).join(''));
    i += take;
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
  for (let i = 0; i < chars.length; ) {
    const take = rng.int(4, 16);
    deltas.push(chars.slice(i, i + take).join(''));
    i += take;
  }
  return deltas;
}
