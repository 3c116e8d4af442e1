import { bytePairMerge } from './byte-pair-merge.ts';
import { loadO200kRanks } from './load-o200k-ranks.ts';

/**
 * The o200k_base encoding (GPT-4o's), giving the same token ids as gpt-tokenizer's for every
 * text, so the counts of every recorded answer stay as they were. The vocabulary and its hash
 * table are typed arrays (read in place from a binary image in Node), far cheaper to load than a
 * Map of the vocabulary's strings (docs/decisions/0025-engine-costs.md). Loaded by the
 * tokenizer on first use only.
 *
 * Special-token strings such as `<|endoftext|>` are plain text here: the gateway counts user
 * text, which may contain them, and never encodes a special token.
 */

const table = await loadO200kRanks();

/** o200k_base's pre-tokenizer: words with their leading space or mark, numbers of up to 3 digits, punctuation runs, whitespace. */
const SPLIT = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  'gu',
);

/** The special tokens of o200k_base, decoded by id (never produced by {@link encode}). */
const SPECIAL = new Map<number, string>([
  [199999, '<|endoftext|>'],
  [200000, '<|fim_prefix|>'],
  [200001, '<|fim_middle|>'],
  [200002, '<|fim_suffix|>'],
  [200003, '<|im_start|>'],
  [200004, '<|im_end|>'],
  [200005, '<|im_sep|>'],
  [200006, '<|endofprompt|>'],
]);

const utf8 = new TextEncoder();
let buffer = new Uint8Array(1024);

/** Whether `text` holds a surrogate code unit without its other half (encoded as U+FFFD). */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return true;
  }
  return false;
}

/**
 * The token ids of `text`. The options of gpt-tokenizer's `encode` are accepted and ignored:
 * special-token strings always count as text.
 *
 * @example
 * encode('Hello, world'); // [13225, 11, 2375]
 */
export function encode(text: string, _options?: { disallowedSpecial?: Set<string> }): number[] {
  const out: number[] = [];
  for (const [piece] of text.matchAll(SPLIT)) {
    if (buffer.length < piece.length * 3) buffer = new Uint8Array(piece.length * 3);
    const { written } = utf8.encodeInto(piece, buffer);
    // A whole pre-token that is a token is looked up as text; text with a lone surrogate is never one.
    if (written === piece.length || !hasLoneSurrogate(piece)) {
      const whole = table.textRank(buffer, 0, written);
      if (whole >= 0) {
        out.push(whole);
        continue;
      }
    }
    bytePairMerge(table, buffer, written, out);
  }
  return out;
}

/**
 * Every call decodes on its own: a run of raw tokens (parts of a character) that does not end on a
 * whole character reads as U+FFFD, and a byte order mark is kept as text (so `decode(encode(t))`
 * is `t` for any well-formed text). gpt-tokenizer decodes raw tokens through one streaming decoder
 * shared by every call, so the bytes a call left over began the next call's text: truncating the
 * same text twice in a process gave two different cuts (and counts).
 */
const text = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The text of `tokens`. Text tokens are appended as they are; each run of raw tokens is decoded
 * as a whole. An id that is no token is a bug of the caller: it throws.
 */
export function decode(tokens: Iterable<number>): string {
  let decoded = '';
  let raw: number[] = [];
  for (const id of tokens) {
    const special = id >= table.size || id < 0 || !Number.isInteger(id) ? SPECIAL.get(id) : undefined;
    if (special === undefined && (id >= table.size || id < 0 || !Number.isInteger(id))) throw new Error(`Token ${id} is not in the byte pair encoder.`);
    if (special === undefined && table.isRaw(id)) {
      for (const b of table.bytes(id)) raw.push(b);
      continue;
    }
    if (raw.length > 0) {
      decoded += text.decode(Uint8Array.from(raw));
      raw = [];
    }
    decoded += special ?? text.decode(table.bytes(id));
  }
  if (raw.length > 0) decoded += text.decode(Uint8Array.from(raw));
  return decoded;
}
