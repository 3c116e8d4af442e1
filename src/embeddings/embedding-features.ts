import { stableStringify } from '../random/hash.ts';
import type { EmbeddingContentPart } from '../schemas/embeddings-request.ts';

/** A named feature of an input and its weight: what an embedding is projected from. */
export type Feature = readonly [name: string, weight: number];

/**
 * Words so common that sharing them says little about meaning: weighted down, so two unrelated
 * sentences are not brought together by "the" and "is".
 */
const STOP_WORDS = new Set(
  'a an and are as at be been but by can do does for from has have how i if in into is it its my no not of on or our so than that the their them then there these they this to was we were what when where which who why will with you your'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+/gu;

/** Weight of a whole word (content words), a stop word, a pair of neighbouring words, and character trigrams. */
const WEIGHTS = { word: 0.5, stop: 0.1, stem: 1, pair: 0.35, trigrams: 0.4, whole: 0.05 } as const;

/** English inflections cut to find a word's stem ("baking" and "bakes" meet at "bak"). */
const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ies', 'es', 'ed', 'ly', 's', 'e'] as const;

/** The word without its inflection, or undefined when it has none worth cutting (stems keep 3 letters). */
function stem(word: string): string | undefined {
  for (const suffix of SUFFIXES) if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  return undefined;
}

/**
 * The features of a text: its words (stop words weighted down), neighbouring word pairs (so word
 * order counts a little), character trigrams of each word (so "embedding" and "embeddings" are
 * close), and the whole text at a small weight (so two different texts never coincide). Case and
 * Unicode compatibility forms are folded first; a word's stem (its inflection cut) is a feature too.
 *
 * @example
 * textFeatures('Cats purr'); // [['w:cats', 0.5], ['s:cat', 1], ['g: ca', 0.2], ..., ['p:cats purr', 0.35], ...]
 */
export function textFeatures(text: string): Feature[] {
  const folded = text.normalize('NFKC').toLowerCase();
  const words = folded.match(WORD) ?? [];
  const out: Feature[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const stop = STOP_WORDS.has(word);
    out.push([`w:${word}`, stop ? WEIGHTS.stop : WEIGHTS.word]);
    if (i > 0) out.push([`p:${words[i - 1]} ${word}`, WEIGHTS.pair]);
    if (!stop) out.push([`s:${stem(word) ?? word}`, WEIGHTS.stem]);
    if (!stop && word.length > 3) {
      const padded = ` ${word} `;
      const count = padded.length - 2;
      const weight = WEIGHTS.trigrams / Math.sqrt(count);
      for (let j = 0; j < count; j++) out.push([`g:${padded.slice(j, j + 3)}`, weight]);
    }
  }
  // A text without a word (punctuation, emoji) is still itself: its whole form carries it.
  out.push([`t:${folded}`, words.length === 0 ? 1 : WEIGHTS.whole]);
  return out;
}

/**
 * The features of a token-id input: each token, and each pair of neighbouring tokens.
 *
 * @example
 * tokenFeatures([9906, 1917]); // [['k:9906', 0.5], ['q:9906,1917', 0.35], ['k:1917', 0.5]]
 */
export function tokenFeatures(tokens: readonly number[]): Feature[] {
  const out: Feature[] = [];
  for (let i = 0; i < tokens.length; i++) {
    out.push([`k:${tokens[i]}`, WEIGHTS.word]);
    if (i > 0) out.push([`q:${tokens[i - 1]},${tokens[i]}`, WEIGHTS.pair]);
  }
  return out;
}

/**
 * The features of a multimodal input: its text parts as text, each other part by its content
 * (an image by its URL, any other medium by its canonical JSON).
 *
 * @example
 * partFeatures([{ type: 'text', text: 'a cat' }, { type: 'image_url', image_url: { url: 'https://x/cat.png' } }]);
 */
export function partFeatures(parts: readonly EmbeddingContentPart[]): Feature[] {
  const out: Feature[] = [];
  for (const part of parts) {
    if (part.type === 'text' && 'text' in part) out.push(...textFeatures(part.text as string));
    else if (part.type === 'image_url' && 'image_url' in part) out.push([`i:${(part.image_url as { url: string }).url}`, WEIGHTS.word]);
    else out.push([`m:${stableStringify(part)}`, WEIGHTS.word]);
  }
  return out;
}
