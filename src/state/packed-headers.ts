import { eachHeader, type HeaderSource } from './mask-credentials.ts';

/** Between names and values: a character neither HTTP nor Fetch allows in either. */
const SEPARATOR = '\u0000';

/**
 * Header pairs as the journal keeps them: one flat string, `name\0value\0name\0value`, or the
 * list itself when a name or value holds the separator (only a hand-built record can). A kept
 * entry then holds one object for its headers instead of a map of them: a thousand kept entries
 * are that many fewer objects for the garbage collector to copy and trace, which was a measurable
 * part of every answer's cost.
 */
export type PackedHeaders = string | readonly string[];

/**
 * Pack `headers` in their iteration order; `size` is their length in characters plus a fixed
 * cost per header (what the journal counts against its byte bound).
 *
 * @example
 * packHeaders({ accept: '*\/*' }); // { packed: 'accept\u0000*\/*', size: 20 }
 */
export function packHeaders(headers: HeaderSource): { packed: PackedHeaders; size: number } {
  const list: string[] = [];
  let size = 0;
  let clean = true;
  eachHeader(headers, (value, name) => {
    list.push(name, value);
    size += name.length + value.length + 16;
    if (clean && (name.includes(SEPARATOR) || value.includes(SEPARATOR))) clean = false;
  });
  return { packed: clean ? list.join(SEPARATOR) : list, size };
}

/** The pairs back as a record (names in packing order). */
export function unpackHeaders(packed: PackedHeaders): Record<string, string> {
  const list = typeof packed === 'string' ? (packed === '' ? [] : packed.split(SEPARATOR)) : packed;
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i] as string] = list[i + 1] as string;
  return out;
}
