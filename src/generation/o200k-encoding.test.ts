import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import bpe from 'gpt-tokenizer/bpeRanks/o200k_base';
import reference, { decode as refDecode, encode as refEncode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { bytePairMerge } from './byte-pair-merge.ts';
import { base64Bytes } from './base64-bytes.ts';
import { decode, encode } from './o200k-encoding.ts';
import { loadO200kRanks } from './load-o200k-ranks.ts';
import { o200kBase64Ranks as browserRanks } from './o200k-base64-ranks.ts';
import { O200K_TABLE } from './o200k-table.ts';
import { rankTableImage, rankTablePartsFrom } from './rank-table.ts';

// Any code point, lone surrogates included, as fast-check's 'binary' unit draws them, without the
// table of every code point that unit builds once per process (the slowest part of this file).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

// The encoder must give gpt-tokenizer's o200k_base ids for every text: the recorded answers
// (golden tests) hold counts made with it.
const o200kRanks = await loadO200kRanks();
const asText = { disallowedSpecial: new Set<string>() };
const SEED = 47;
const RUNS = 5000;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const ranks = bpe as readonly (string | number[])[];
const utf8 = new TextEncoder();
const tokenBytes = (r: number) => (typeof ranks[r] === 'string' ? utf8.encode(ranks[r]) : Uint8Array.from(ranks[r]!));
interface ReferenceCore {
  bytePairMerge(bytes: Uint8Array): number[];
}
const referenceCore = (reference as unknown as { bytePairEncodingCoreProcessor: ReferenceCore }).bytePairEncodingCoreProcessor;

/** `text` with each lone surrogate as U+FFFD (what UTF-8 can carry of it). */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The same ids as gpt-tokenizer, and the text back from them (each call decodes on its own). */
function agrees(text: string): void {
  const expected = refEncode(text, asText);
  const ids = encode(text, asText);
  expect(ids, JSON.stringify(text)).toEqual(expected);
  expect(decode(ids)).toBe(LONE_SURROGATE.test(text) ? wellFormed(text) : text);
}

const pick = (...units: string[]) => fc.constantFrom(...units);
const whitespace = pick(' ', '  ', '\t', '\n', '\r', '\r\n', '\n\n', '\u00a0', '\u2003', '\u3000', '\u2028', '\u000b', '\f');
const code = pick(
  'function',
  ' f',
  '(x)',
  ' {',
  '}',
  ' =>',
  ' return',
  ';',
  '\n  ',
  '\t',
  'const',
  ' a',
  ' =',
  ' 1',
  '0x1F',
  '1_000',
  '==',
  '!==',
  '//',
  '/*',
  '*/',
  '"str"',
  "'s'",
  '`${',
  'x}`',
  '[]',
  '.map',
  '::',
  '->',
  '#include',
  '<div>',
  '</div>',
  'snake_case',
  'camelCase',
  'HTTPServer',
  "I'm",
  "DON'T",
  "'ll",
  '../',
  '/usr/bin',
);
const emoji = pick('😀', '👍🏽', '👨‍👩‍👧‍👦', '🇺🇸', '🏳️‍🌈', '❤️', '☃︎', '✨', '🙂', '\u200d', '\ufe0f', '🧑🏿‍💻', '🫠');
const scripts = pick(
  'a',
  'Z',
  'é',
  'É',
  'ß',
  'ﬁ',
  'Ω',
  'ж',
  'Ж',
  'ע',
  'ب',
  'ह',
  'ि',
  '漢',
  '字',
  'ひ',
  'カ',
  '한',
  'ไ',
  '\u0301',
  '\u0308',
  'ǅ',
  'ʰ',
  '٣',
  '๓',
  '½',
  'Ⅻ',
  '12',
  '345',
  '6789',
);
const oddities = pick(
  '\uFEFF',
  '\uFEFF\uFEFF',
  '\uFFFD',
  '\uD800',
  '\uDC00',
  '\uD83D',
  '\u0000',
  '\u007f',
  '\u0085',
  '<|endoftext|>',
  '<|im_start|>',
  '<|fim_prefix|>',
  "'",
  '’',
  '\\',
  '\u00ad',
);
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const mixed = fc.oneof(whitespace, code, emoji, scripts, oddities, anyCodeUnit, fc.string({ unit: anyCodePoint, maxLength: 3 }));

// Each test walks all 200,000 tokens against gpt-tokenizer: minutes on a loaded 2-core machine.
// The bound is against a hang, not a speed target (the bench measures speed).
describe('o200k_base encoding', { timeout: 600_000 }, () => {
  it(`gives gpt-tokenizer's ids for arbitrary text (seed ${SEED}, ${RUNS} runs)`, () => {
    const texts = [
      fc.string({ unit: anyCodePoint, maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.string({ unit: anyCodeUnit, maxLength: 60 }),
      fc.string({ unit: whitespace, maxLength: 40 }),
      fc.string({ unit: code, maxLength: 60 }),
      fc.string({ unit: emoji, maxLength: 30 }),
      fc.string({ unit: scripts, maxLength: 60 }),
      fc.string({ unit: mixed, maxLength: 80 }),
      // Long runs: one unit repeated, and long mixed text.
      fc.tuple(mixed, fc.integer({ min: 1, max: 400 })).map(([unit, n]) => unit.repeat(n)),
      fc.string({ unit: mixed, minLength: 200, maxLength: 600 }),
    ];
    fc.assert(fc.property(fc.oneof(...texts), agrees), { seed: SEED, numRuns: RUNS });
  });

  it('encodes the text of every one of the 199,998 tokens as gpt-tokenizer does', () => {
    const loose = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let r = 0; r < ranks.length; r++) {
      const value = ranks[r]!;
      const text = typeof value === 'string' ? value : loose.decode(Uint8Array.from(value));
      const expected = refEncode(text, asText);
      const ids = encode(text);
      if (ids.length !== expected.length || ids.some((id, i) => id !== expected[i])) expect({ r, text, ids }).toEqual({ r, text, ids: expected });
    }
  });

  it("merges the bytes of every token as gpt-tokenizer does (each token's bytes encode to itself)", () => {
    const table = o200kRanks;
    expect(table.size).toBe(ranks.length);
    const notItself: number[] = [];
    for (let r = 0; r < ranks.length; r++) {
      const bytes = tokenBytes(r);
      expect(Uint8Array.from(table.bytes(r))).toEqual(bytes);
      const ids: number[] = [];
      bytePairMerge(table, bytes, bytes.length, ids);
      const expected = referenceCore.bytePairMerge(bytes);
      if (ids.length !== expected.length || ids.some((id, i) => id !== expected[i])) expect({ r, ids }).toEqual({ r, ids: expected });
      if (ids.length !== 1 || ids[0] !== r) notItself.push(r);
    }
    // All but the ten tokens that hold a byte order mark: gpt-tokenizer never finds the mark on
    // its own and looks a pair that starts with it up as the text after it (see rank-table.ts).
    expect(notItself).toEqual([5574, 9251, 42295, 44173, 61992, 67837, 71280, 76234, 110862, 135153]);
    for (const r of notItself) expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(tokenBytes(r))).toContain('\uFEFF');
  });

  it('decodes every token on its own (a part of a character as U+FFFD), the same on every call', () => {
    const whole = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let r = 0; r < ranks.length; r++) expect(decode([r])).toBe(whole.decode(tokenBytes(r)));
    // gpt-tokenizer's shared streaming decoder carries a part of a character into the next call; this one does not.
    const partial = encode(' \u2728').slice(0, 1);
    expect(decode(partial)).toBe(' \uFFFD');
    expect(decode(partial)).toBe(decode(partial));
    for (let id = 199_999; id <= 200_006; id++) expect(decode([id])).toBe(refDecode([id]));
    for (const id of [199_998, 200_007, -1, 1.5]) expect(() => decode([id])).toThrow(`Token ${id} is not in the byte pair encoder.`);
  });

  it('reads the same table from the binary image (node) as it builds from the base64 module (browsers, or no image)', () => {
    // The image is made from the base64 module: byte for byte what the generator wrote.
    const image = brotliDecompressSync(readFileSync(new URL('./o200k-table.bin.br', import.meta.url)));
    expect(Buffer.from(rankTableImage(rankTablePartsFrom(base64Bytes(O200K_TABLE)))).equals(image)).toBe(true);
    // Under node the loader read the image in place (its tokens are views into the file's bytes).
    expect(o200kRanks.bytes(0).buffer.byteLength).toBe(image.length);
    expect(browserRanks.size).toBe(o200kRanks.size);
    for (let r = 0; r < o200kRanks.size; r++) {
      const bytes = o200kRanks.bytes(r);
      if (!(
        Buffer.from(browserRanks.bytes(r)).equals(bytes) &&
        browserRanks.isRaw(r) === o200kRanks.isRaw(r) &&
        browserRanks.rank(bytes, 0, bytes.length) === o200kRanks.rank(bytes, 0, bytes.length)
      )) {
        expect({ r, browser: [...browserRanks.bytes(r)] }).toEqual({ r, browser: [...bytes] });
      }
    }
  });

  it('counts special-token strings as text and accepts the options gpt-tokenizer takes', () => {
    expect(encode('<|endoftext|>', asText)).toEqual(refEncode('<|endoftext|>', asText));
    expect(encode('Hello, world')).toEqual([13225, 11, 2375]);
    expect(encode('')).toEqual([]);
  });
});
