import { countSlices, type Tokenizer } from './tokenizer.ts';

/** Characters tokenized per turn of the event loop while a long reply is prepared. */
export const OUTPUT_SLICE_CHARS = 8192;

interface Sliced {
  readonly slices: readonly string[];
  /** Tokens of each slice (they add up: slices are cut where the encoder's pre-tokens meet). */
  readonly counts: readonly number[];
  readonly total: number;
}

/** `text` tokenized a slice at a time, `turn()` awaited before each {@link OUTPUT_SLICE_CHARS} characters. */
async function sliceText(tokenizer: Tokenizer, text: string, turn: () => Promise<void>): Promise<Sliced> {
  await turn();
  const slices = countSlices(text, OUTPUT_SLICE_CHARS);
  const counts: number[] = [];
  let total = 0;
  let since = 0;
  for (const slice of slices) {
    if (since >= OUTPUT_SLICE_CHARS) {
      since = 0;
      await turn();
    }
    const n = tokenizer.count(slice);
    counts.push(n);
    total += n;
    since += slice.length;
  }
  return { slices, counts, total };
}

/** The longest prefix of a sliced text within `maxTokens` and its tokens: whole slices, then one slice cut by the tokenizer. */
function truncateSliced(tokenizer: Tokenizer, sliced: Sliced, maxTokens: number): { text: string; tokens: number } {
  let used = 0;
  let out = '';
  for (let i = 0; i < sliced.slices.length; i++) {
    const n = sliced.counts[i] as number;
    const slice = sliced.slices[i] as string;
    if (used + n > maxTokens) {
      const cut = tokenizer.truncate(slice, maxTokens - used);
      return { text: out + cut, tokens: used + tokenizer.count(cut) };
    }
    out += slice;
    used += n;
  }
  return { text: out, tokens: used };
}

/**
 * A tokenizer that already knows the long `texts` of a reply: they are tokenized here a slice per
 * turn of the event loop (other requests are served between slices), and `count` and `truncate`
 * on them then cost a lookup and one slice. The numbers and cuts are those of `tokenizer` itself
 * (slices meet where its pre-tokens meet), so the answer's bytes do not change. Short texts and
 * any other text go to `tokenizer` as they are.
 *
 * @example
 * const prepared = await slicedTokenizer(tokenizer, [plan.text], turns.turn);
 * buildOutput(plan, { tokenizer: prepared, ... });
 */
export async function slicedTokenizer(tokenizer: Tokenizer, texts: readonly string[], turn: () => Promise<void>): Promise<Tokenizer> {
  const known = new Map<string, Sliced>();
  for (const text of texts) if (text.length > OUTPUT_SLICE_CHARS && !known.has(text)) known.set(text, await sliceText(tokenizer, text, turn));
  if (known.size === 0) return tokenizer;
  // The cuts made below, with their counts: the budget's spender counts what it kept.
  const cuts = new Map<string, number>();
  return {
    count: (text) => known.get(text)?.total ?? cuts.get(text) ?? tokenizer.count(text),
    countInSlices: (text) => tokenizer.countInSlices(text),
    tokens: (text) => tokenizer.tokens(text),
    truncate(text, maxTokens) {
      const sliced = known.get(text);
      if (!sliced || maxTokens <= 0) return tokenizer.truncate(text, maxTokens);
      const cut = truncateSliced(tokenizer, sliced, maxTokens);
      cuts.set(cut.text, cut.tokens);
      return cut.text;
    },
  };
}
