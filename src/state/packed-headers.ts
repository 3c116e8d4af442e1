import { eachHeader, type HeaderSource } from './mask-credentials.ts';

/** Between names and values: a character neither HTTP nor Fetch allows in either. */
const SEPARATOR = '\u0000';

/**
 * Both header lists of an exchange as the journal keeps them: one flat text,
 * `name\0value\0name\0value`, the request's pairs first, then the response's, written into the
 * ring in one go; or, when a name or value holds the separator (only a hand-built record can), the
 * two lists themselves. A kept entry then holds no map of headers: a thousand kept entries are
 * that many fewer objects for the garbage collector to copy and trace, which was a measurable part
 * of every answer's cost.
 */
export interface PackedExchangeHeaders {
  readonly packed: string | undefined;
  /** How many of the packed strings (names and values) are the request's. */
  readonly requestItems: number;
  readonly lists: readonly [readonly string[], readonly string[]] | undefined;
  /** Both lists' length in characters plus a fixed cost per header (what the journal counts against its byte bound). */
  readonly size: number;
}

/** What {@link collect} gathers the pairs into: one object per exchange, no closure per list. */
interface Collected {
  readonly list: string[];
  size: number;
  clean: boolean;
}

function collect(this: Collected, value: string, name: string): void {
  this.list.push(name, value);
  this.size += name.length + value.length + 16;
  if (this.clean && (name.includes(SEPARATOR) || value.includes(SEPARATOR))) this.clean = false;
}

/**
 * Pack a request's and its answer's headers, each list in its iteration order.
 *
 * @example
 * packExchangeHeaders({ accept: '*\/*' }, { 'content-type': 'text/plain' });
 * // { packed: 'accept\u0000*\/*\u0000content-type\u0000text/plain', requestItems: 2, lists: undefined, size: 56 }
 */
export function packExchangeHeaders(request: HeaderSource, response: HeaderSource): PackedExchangeHeaders {
  const collected: Collected = { list: [], size: 0, clean: true };
  eachHeader(request, collect, collected);
  const requestItems = collected.list.length;
  eachHeader(response, collect, collected);
  const { list, size } = collected;
  if (collected.clean) return { packed: list.join(SEPARATOR), requestItems, lists: undefined, size };
  return { packed: undefined, requestItems, lists: [list.slice(0, requestItems), list.slice(requestItems)], size };
}

/** The two lists back from {@link packExchangeHeaders}' text ('' when it is gone: no headers), as records (names in packing order). */
export function unpackExchangeHeaders(packed: string, requestItems: number): { request: Record<string, string>; response: Record<string, string> } {
  const items = packed === '' ? [] : packed.split(SEPARATOR);
  return { request: unpackHeaders(items.slice(0, requestItems)), response: unpackHeaders(items.slice(requestItems)) };
}

/** A packed list's pairs back as a record (names in packing order). */
export function unpackHeaders(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i] as string] = list[i + 1] as string;
  return out;
}
