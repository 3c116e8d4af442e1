/** Token counting and cutting, as the simulated model sees text (o200k_base, the GPT-4o encoding). */
export interface Tokenizer {
  /** Number of tokens in `text`. Special-token strings such as `<|endoftext|>` count as plain text. */
  count(text: string): number;
  /**
   * The same number as {@link Tokenizer.count}, for a text of any size without holding the event
   * loop: a text over {@link SLICE_CHARS} is encoded a slice at a time, with a turn of the event
   * loop between slices, so other requests are served meanwhile.
   */
  countInSlices(text: string): Promise<number>;
  /**
   * The longest prefix of `text` that fits in `maxTokens` tokens, cut on a token boundary and
   * never inside a character (a partial multi-byte character is dropped).
   */
  truncate(text: string, maxTokens: number): string;
  /**
   * The tokens of `text` as strings, in order (what log probabilities are given for). A token that
   * ends inside a multi-byte character reads as U+FFFD on its own, as in the real API's `token`.
   */
  tokens(text: string): string[];
}

interface Encoding {
  encode(text: string, options?: { disallowedSpecial?: Set<string> }): number[];
  decode(tokens: Iterable<number>): string;
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // Never end between the two halves of a surrogate pair.
  if (i > 0 && /[\uD800-\uDBFF]/.test(a[i - 1] ?? '')) i--;
  return a.slice(0, i);
}

/**
 * The longest run of non-whitespace encoded in one go. Byte-pair encoding of one pre-token is
 * quadratic in its length (a long base64 blob would hold the event loop), so longer runs are cut into
 * pieces of this size first. Counts then differ from the model's only inside such runs, by at most
 * a token per cut; ordinary text (words, code, JSON) never has runs this long and is unaffected.
 */
export const MAX_RUN = 256;

/** Whether a UTF-16 code unit is JavaScript whitespace (what `\s` matches, ECMA-262 WhiteSpace and LineTerminator). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/**
 * `text` cut so that no piece holds a whitespace-free run longer than {@link MAX_RUN} (never inside
 * a surrogate pair). One loop over the text: a regular expression for the runs (`\S{257,}`) kept a
 * backtracking entry per character and overflowed on 6,000,000 characters (F10).
 *
 * @example
 * boundedPieces('a b'); // ['a b']
 * boundedPieces('x'.repeat(600)).map((p) => p.length); // [256, 256, 88]
 */
export function boundedPieces(text: string): string[] {
  if (text.length <= MAX_RUN) return [text];
  const out: string[] = [];
  let last = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (isSpace(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    const end = i;
    if (end - start <= MAX_RUN) continue;
    if (start > last) out.push(text.slice(last, start));
    for (let at = start; at < end;) {
      let next = Math.min(at + MAX_RUN, end);
      const before = text.charCodeAt(next - 1);
      if (next < end && before >= 0xd800 && before <= 0xdbff) next--;
      out.push(text.slice(at, next));
      at = next;
    }
    last = end;
  }
  if (last === 0) return [text];
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Characters encoded between two turns of the event loop by {@link Tokenizer.countInSlices}. */
export const SLICE_CHARS = 32_768;

const isAsciiLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);

/**
 * Where `text` may be cut at or after `from` without changing its token count: before a single
 * space that sits between two ASCII letters ("word| word"). The encoder's pre-tokenizer ends a
 * word at the space and starts the next pre-token with it (" word"), and byte pairs never merge
 * across pre-tokens, so both sides encode as they would whole. -1 when there is none.
 */
export function safeCut(text: string, from: number): number {
  for (let i = Math.max(1, from); i < text.length - 1; i++) {
    if (text.charCodeAt(i) === 0x20 && isAsciiLetter(text.charCodeAt(i - 1)) && isAsciiLetter(text.charCodeAt(i + 1))) return i;
  }
  return -1;
}

/**
 * `text` as slices of about `size` characters, each cut at a {@link safeCut} point (a slice is
 * longer when no such point comes sooner), so the counts of the slices add up to the count of
 * the text. Whitespace-free runs are cut first (see {@link boundedPieces}), as `count` does.
 *
 * @example
 * countSlices('aaa bbb ccc', 4); // ['aaa', ' bbb', ' ccc']
 */
export function countSlices(text: string, size = SLICE_CHARS): string[] {
  const out: string[] = [];
  for (const piece of boundedPieces(text)) {
    let at = 0;
    while (piece.length - at > size) {
      const cut = safeCut(piece, at + size);
      if (cut < 0) break;
      out.push(piece.slice(at, cut));
      at = cut;
    }
    out.push(at === 0 ? piece : piece.slice(at));
  }
  return out;
}

/**
 * One turn of the event loop. A message port, not a timer: fake timers (vi.useFakeTimers) must
 * not stop a count. Falls back to a resolved promise where there is no MessageChannel.
 */
export function nextTurn(): Promise<void> {
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** Build a {@link Tokenizer} over an encoding (exported for tests with a stub encoding). */
export function tokenizerFrom(encoding: Encoding): Tokenizer {
  // User text may contain special-token strings; they must count as text, not throw.
  const options = { disallowedSpecial: new Set<string>() };
  const countPiece = (piece: string) => (piece === '' ? 0 : encoding.encode(piece, options).length);

  /** The old one-shot cut, on a piece short enough to encode at once. */
  function truncatePiece(text: string, maxTokens: number): string {
    if (maxTokens <= 0) return '';
    const tokens = encoding.encode(text, options);
    if (tokens.length <= maxTokens) return text;
    let cut = encoding.decode(tokens.slice(0, maxTokens));
    // A token may end inside a multi-byte character: the decoder shows it as U+FFFD.
    while (cut.endsWith('\uFFFD') && !text.startsWith(cut)) cut = cut.slice(0, -1);
    if (!text.startsWith(cut)) cut = commonPrefix(text, cut);
    // Re-encoding a cut can merge differently; shrink until it fits the budget for sure.
    while (cut.length > 0 && encoding.encode(cut, options).length > maxTokens) cut = cut.slice(0, -1);
    return cut;
  }

  // Pure: a gateway remembers counts by content in its own view (count-cache.ts `rememberedCounts`).
  const count = (text: string): number => boundedPieces(text).reduce((n, piece) => n + countPiece(piece), 0);
  return {
    count,
    async countInSlices(text) {
      if (text.length <= SLICE_CHARS) return count(text);
      let n = 0;
      let since = 0;
      for (const slice of countSlices(text)) {
        n += countPiece(slice);
        since += slice.length;
        if (since >= SLICE_CHARS) {
          since = 0;
          await nextTurn();
        }
      }
      return n;
    },
    tokens(text) {
      const out: string[] = [];
      for (const piece of boundedPieces(text)) if (piece !== '') for (const id of encoding.encode(piece, options)) out.push(encoding.decode([id]));
      return out;
    },
    truncate(text, maxTokens) {
      if (maxTokens <= 0) return '';
      let used = 0;
      let out = '';
      for (const piece of boundedPieces(text)) {
        const n = countPiece(piece);
        if (used + n <= maxTokens) {
          out += piece;
          used += n;
          continue;
        }
        return out + truncatePiece(piece, maxTokens - used);
      }
      return out;
    },
  };
}

/**
 * The loaded tokenizer, shared by every gateway of the process. It is immutable, so sharing it
 * mixes no state between gateways; the memo matters because a dynamic `import()` re-runs module
 * resolution on every call (through every loader hook, such as tsx's), which cost most of a
 * request's time before it was kept.
 */
let loaded: Promise<Tokenizer> | undefined;
let ready: Tokenizer | undefined;

/**
 * Load the o200k_base tokenizer. Loaded lazily (first Responses request), so server start-up
 * stays fast; later calls return the same instance.
 *
 * @example
 * const tokenizer = await loadTokenizer();
 * tokenizer.count('Hello, world'); // 4
 */
export function loadTokenizer(): Promise<Tokenizer> {
  loaded ??= import('./o200k-encoding.ts').then((encoding) => (ready = tokenizerFrom(encoding)));
  return loaded;
}

/** The tokenizer once {@link loadTokenizer} has loaded it (a request then needs no await for it). */
export function loadedTokenizer(): Tokenizer | undefined {
  return ready;
}
