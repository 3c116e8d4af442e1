import type { SeededRandom } from '../random/seeded-random.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters of the sortable prefix: 62^6 (5.6e10) uploads before it wraps. */
const PREFIX_CHARS = 6;

/**
 * A file id: `or_file_`, the upload number in 6 base-62 digits (so ids sort in upload order and a
 * listing's `after` cursor needs no lookup), then 18 seeded characters: 24 in all, the form of
 * the reference's example `or_file_011CNha8iCJcU1wXNR6q4V8w`.
 *
 * @example
 * fileId(0, seededRandom(0, 'file', '0')); // 'or_file_000000' + 18 characters
 */
export function fileId(seq: number, random: SeededRandom): string {
  let prefix = '';
  for (let n = seq, i = 0; i < PREFIX_CHARS; i++, n = Math.floor(n / ALPHABET.length)) prefix = ALPHABET[n % ALPHABET.length] + prefix;
  return `or_file_${prefix}${random.alphanumeric(24 - PREFIX_CHARS)}`;
}
