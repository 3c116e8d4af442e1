/** Default and largest page size of `GET /__gatewaykit/requests`. */
export const JOURNAL_PAGE_DEFAULT = 100;
export const JOURNAL_PAGE_MAX = 1000;

/** A status filter item: `404` is {404, 404}, `4xx` is {400, 499}. */
export interface StatusRange {
  min: number;
  max: number;
}

/** Filters and paging of the journal, validated. */
export interface JournalQuery {
  /** Upper-case method, exact. */
  method?: string;
  /** Exact path, or a prefix (given with a trailing `*`). */
  path?: { value: string; prefix: boolean };
  /** Any of these statuses. */
  status?: StatusRange[];
  /** Received at or after this gateway-clock time (ms). */
  since?: number;
  model?: string;
  /** A masked key id as the journal shows it. */
  key?: string;
  operation?: string;
  /**
   * The conformance check that sent the request (its `X-Gatewaykit-Check` header): exact, or a
   * prefix given with a trailing `*` (`validation.*`).
   */
  check?: { value: string; prefix: boolean };
  /** Page size. */
  limit: number;
  /** `asc` (oldest first, the default) or `desc` (newest first). */
  order: 'asc' | 'desc';
  /** The `next_cursor` of the previous page. */
  cursor?: number;
}

const PARAMS = ['method', 'path', 'status', 'since', 'model', 'key', 'operation', 'check', 'limit', 'order', 'cursor'];

/** The longest text a filter value may be: longer ones cannot match anything the journal keeps. */
const MAX_FILTER_CHARS = 4096;

/**
 * Read the query string of `GET /__gatewaykit/requests`. Unknown or malformed parameters are an
 * error naming the parameter (the caller renders it as a 400), never silently ignored: a filter
 * that did not apply would show requests the user meant to exclude.
 *
 * @example
 * parseJournalQuery(new URLSearchParams('status=4xx,500&limit=20&order=desc'));
 * // { status: [{ min: 400, max: 499 }, { min: 500, max: 500 }], limit: 20, order: 'desc' }
 */
export function parseJournalQuery(params: URLSearchParams): JournalQuery | { error: string } {
  const query: JournalQuery = { limit: JOURNAL_PAGE_DEFAULT, order: 'asc' };
  for (const [name, value] of params) {
    if (!PARAMS.includes(name)) return { error: `Unknown query parameter "${name.slice(0, 64)}" (known: ${PARAMS.join(', ')})` };
    if (value.length > MAX_FILTER_CHARS) return { error: `${name}: at most ${MAX_FILTER_CHARS} characters` };
  }
  const text = (name: string) => params.get(name) ?? undefined;
  const method = text('method');
  if (method !== undefined) query.method = method.toUpperCase();
  const path = text('path');
  if (path !== undefined) query.path = path.endsWith('*') ? { value: path.slice(0, -1), prefix: true } : { value: path, prefix: false };
  const status = text('status');
  if (status !== undefined) {
    const ranges: StatusRange[] = [];
    for (const item of status.split(',')) {
      const t = item.trim().toLowerCase();
      if (/^[1-5]xx$/.test(t)) ranges.push({ min: Number(t[0]) * 100, max: Number(t[0]) * 100 + 99 });
      else if (/^[1-5]\d\d$/.test(t)) ranges.push({ min: Number(t), max: Number(t) });
      else return { error: `status: expected statuses or classes separated by commas, e.g. 404 or 4xx,500 (got "${item.slice(0, 32)}")` };
      if (ranges.length > 100) return { error: 'status: at most 100 items' };
    }
    query.status = ranges;
  }
  const since = text('since');
  if (since !== undefined) {
    const ms = /^-?\d+(\.\d+)?$/.test(since) ? Number(since) : Date.parse(since);
    if (!Number.isFinite(ms)) return { error: `since: expected an ISO 8601 time or milliseconds since the epoch (got "${since.slice(0, 64)}")` };
    query.since = ms;
  }
  for (const name of ['model', 'key', 'operation'] as const) {
    const v = text(name);
    if (v !== undefined) query[name] = v;
  }
  const check = text('check');
  if (check !== undefined) query.check = check.endsWith('*') ? { value: check.slice(0, -1), prefix: true } : { value: check, prefix: false };
  const limit = text('limit');
  if (limit !== undefined) {
    const n = Number(limit);
    if (!/^\d+$/.test(limit) || n < 1 || n > JOURNAL_PAGE_MAX)
      return { error: `limit: expected a whole number from 1 to ${JOURNAL_PAGE_MAX} (got "${limit.slice(0, 32)}")` };
    query.limit = n;
  }
  const order = text('order');
  if (order !== undefined) {
    if (order !== 'asc' && order !== 'desc') return { error: `order: expected asc or desc (got "${order.slice(0, 32)}")` };
    query.order = order;
  }
  const cursor = text('cursor');
  if (cursor !== undefined) {
    if (!/^\d{1,15}$/.test(cursor)) return { error: `cursor: expected the next_cursor of a previous page (got "${cursor.slice(0, 32)}")` };
    query.cursor = Number(cursor);
  }
  return query;
}
