/**
 * Writes src/generation/o200k-table.ts, the o200k_base vocabulary as base64 (for browsers), and
 * src/generation/o200k-table.bin.br, the same with its hash table as a binary image (for node, brotli-compressed), from
 * gpt-tokenizer's copy of it (a development dependency). Run after upgrading gpt-tokenizer:
 *
 *   npx tsx scripts/generate-o200k-table.ts
 *
 * Layout of the decoded bytes: the token count as 4 bytes (little-endian), then one byte per
 * token (its byte length less one, high bit set for a token gpt-tokenizer keeps as raw bytes rather than
 * as a string), then every token's bytes in rank order. The encoder builds its hash table from
 * this on load, which is much cheaper than importing 200,000 strings and filling a Map.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import bpe from 'gpt-tokenizer/bpeRanks/o200k_base';
import { rankTableImage, rankTablePartsFrom } from '../src/generation/rank-table.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = `${root}src/generation/o200k-table.ts`;
const pkgFile = createRequire(import.meta.url).resolve('gpt-tokenizer/package.json');
const { version } = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string };
const license = readFileSync(new URL('LICENSE', `file://${pkgFile}`), 'utf8').trim();

const ranks = bpe as readonly (string | number[] | undefined)[];
const encoder = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const tokens: Uint8Array[] = [];
const binary: boolean[] = [];
for (let rank = 0; rank < ranks.length; rank++) {
  const value = ranks[rank];
  if (value === undefined) throw new Error(`generate-o200k-table: rank ${rank} is a hole; the table format assumes none`);
  const bytes = typeof value === 'string' ? encoder.encode(value) : Uint8Array.from(value);
  if (bytes.length === 0 || bytes.length > 128) throw new Error(`generate-o200k-table: rank ${rank} is ${bytes.length} bytes long (1-128 fit the table)`);
  // The encoder's lookup relies on no string token starting with a byte order mark (see rank-table.ts).
  if (typeof value === 'string' && (LONE_SURROGATE.test(value) || BOM.every((b, i) => bytes[i] === b)))
    throw new Error(`generate-o200k-table: string token ${rank} is not plain text`);
  tokens.push(bytes);
  binary.push(typeof value !== 'string');
}
const total = tokens.reduce((n, t) => n + t.length, 0);
const out = new Uint8Array(4 + tokens.length + total);
new DataView(out.buffer).setUint32(0, tokens.length, true);
let at = 4 + tokens.length;
tokens.forEach((bytes, rank) => {
  out[4 + rank] = (bytes.length - 1) | (binary[rank] ? 0x80 : 0);
  out.set(bytes, at);
  at += bytes.length;
});
// Chunks of 64 KiB (whole base64 quads): V8 compiles a module of many mid-sized string literals
// about twice as fast as one of a single 2 MB literal.
const CHUNK = 65_536;
const base64 = Buffer.from(out).toString('base64');
const chunks: string[] = [];
for (let i = 0; i < base64.length; i += CHUNK) chunks.push(base64.slice(i, i + CHUNK));
const source = `/*! The o200k_base vocabulary (OpenAI's tiktoken, MIT), as gpt-tokenizer ${version} ships it.
${license}
*/
// Generated from gpt-tokenizer's copy of the vocabulary; do not edit.
/**
 * The o200k_base vocabulary: ${tokens.length} tokens, ${total} bytes, base64-encoded in chunks. Decoded,
 * the token count (4 bytes, little-endian), one byte per token (its length less one, high bit for
 * a token kept as raw bytes), then every token's bytes in rank order. Read in browsers; node reads
 * the same table as a binary image (o200k-table.bin.br).
 */
export const O200K_TABLE: string[] = [
${chunks.map((c) => `  '${c}',`).join('\n')}
];
`;
writeFileSync(target, source);
// The same table as a binary image, read in place by node (o200k-ranks.ts): no parse, no build.
const image = rankTableImage(rankTablePartsFrom(out));
writeFileSync(
  target.replace(/\.ts$/, '.bin.br'),
  brotliCompressSync(image, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: image.length } }),
);
console.log(`generate-o200k-table: image of ${image.length} bytes`);
console.log(`generate-o200k-table: ${tokens.length} tokens, ${total} bytes -> ${target} (${source.length} characters)`);
