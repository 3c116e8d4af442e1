import type { RankingsDailyItem } from '../schemas/rankings-daily.ts';

/** Reference: "the top 50 public models ... plus one aggregated `other` row". */
export const TOP_MODELS = 50;
/** Reference: the reserved permaslug of the long-tail row. */
export const OTHER_PERMASLUG = 'other';

/**
 * The rows of one date bucket: models with traffic sorted by `total_tokens` descending, ties
 * alphabetical on the permaslug (stable across requests), the top {@link TOP_MODELS} kept and
 * the rest summed into a last `other` row, omitted when the long tail is empty (reference
 * `RankingsDailyResponse.data`). Totals are decimal strings.
 *
 * @example
 * rankBucket('2026-05-11', new Map([['a/x', 5n], ['b/y', 9n]]));
 * // [{ date: '2026-05-11', model_permaslug: 'b/y', total_tokens: '9' }, { ..., 'a/x', '5' }]
 */
export function rankBucket(date: string, totals: ReadonlyMap<string, bigint>, top = TOP_MODELS): RankingsDailyItem[] {
  const ranked = [...totals].filter(([, v]) => v > 0n).sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : a > b ? 1 : 0) : x > y ? -1 : 1));
  const rows: RankingsDailyItem[] = ranked.slice(0, top).map(([slug, v]) => ({ date, model_permaslug: slug, total_tokens: v.toString() }));
  const tail = ranked.slice(top);
  if (tail.length > 0) {
    const sum = tail.reduce((acc, [, v]) => acc + v, 0n);
    rows.push({ date, model_permaslug: OTHER_PERMASLUG, total_tokens: sum.toString() });
  }
  return rows;
}
