/**
 * Texts longer than this are counted afresh every time: keeping them would hold memory for
 * inputs that rarely repeat verbatim, and their encoding dwarfs a lookup anyway.
 */
export const COUNT_CACHE_MAX_TEXT = 8192;
/** Entries kept; the oldest goes first. With the text bound above: at most ~8 MB of keys. */
export const COUNT_CACHE_ENTRIES = 512;

/**
 * A token counter that remembers its answers by content, bounded in entries and key length.
 * Counting is pure, so the cache changes no count, only how often the byte-pair encoder runs: the
 * same system prompt, tool list or scripted reply is counted once instead of on every request
 * (and twice per request before: the routing check and the billed usage read the same count).
 *
 * @example
 * const count = cachedCount((text) => encode(text).length);
 * count('Hello'); // encodes
 * count('Hello'); // remembered
 */
export function cachedCount(count: (text: string) => number, entries = COUNT_CACHE_ENTRIES, maxText = COUNT_CACHE_MAX_TEXT): (text: string) => number {
  const memo = new Map<string, number>();
  return (text) => {
    if (text.length > maxText) return count(text);
    const known = memo.get(text);
    if (known !== undefined) return known;
    const n = count(text);
    if (memo.size >= entries) memo.delete(memo.keys().next().value as string);
    memo.set(text, n);
    return n;
  };
}

/**
 * A gateway's view of the loaded tokenizer: the same tokenizer, its `count` remembered by
 * content ({@link cachedCount}) in a memo of this view's own, made on first use. A gateway makes
 * one (`env.tokenizerView`, with the fast paths), so the memo goes with it.
 *
 * @example
 * const view = rememberedCounts();
 * view(await loadTokenizer()).count('Hello'); // encodes; the same text again is remembered
 */
export function rememberedCounts(): <T extends { count(text: string): number }>(tokenizer: T) => T {
  let of: object | undefined;
  let view: object | undefined;
  return <T extends { count(text: string): number }>(tokenizer: T): T => {
    if (of !== tokenizer || view === undefined) {
      of = tokenizer;
      view = { ...tokenizer, count: cachedCount((text) => tokenizer.count(text)) };
    }
    return view as T;
  };
}
