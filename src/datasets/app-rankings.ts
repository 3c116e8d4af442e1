import type { AppRankingsQuery } from './app-rankings-query.ts';
import { appTraits, appWindowTokens } from './app-traffic.ts';
import { categoryOf, PUBLISHED_APPS, type PublishedApp } from './published-apps.ts';
import { formatUtcDay } from './utc-day.ts';

function matches(app: PublishedApp, query: AppRankingsQuery): boolean {
  // The subcategory takes precedence over the category (reference).
  if (query.subcategory !== undefined) return app.subcategory === query.subcategory;
  return query.category === undefined || categoryOf(app.subcategory) === query.category;
}

/**
 * GET /datasets/app-rankings (reference getAppRankings): the published apps ranked by tokens in
 * the window (`popular`), or by tokens in the window less the mean of the three equal periods
 * before it (`trending`, apps without excess growth omitted); ranks 1..N after filtering, absolute
 * under `offset`. A pure function of (seed, query, clock).
 *
 * @example
 * appRankings(0, parseAppRankingsQuery(url.searchParams, now), now).data[0]; // { rank: 1, app_name: 'Cline', ... }
 */
export function appRankings(seed: number, query: AppRankingsQuery, asOfMs: number) {
  const length = query.endDay - query.startDay + 1;
  const rows = PUBLISHED_APPS.filter((app) => matches(app, query)).map((app) => {
    const traits = appTraits(app, seed);
    const tokens = appWindowTokens(app, traits, query.startDay, query.endDay, seed);
    const before = query.sort === 'trending' ? appWindowTokens(app, traits, query.startDay - 3 * length, query.startDay - 1, seed) / 3 : 0;
    return { app, traits, tokens, score: query.sort === 'trending' ? tokens - before : tokens };
  });
  const ranked = rows.filter((r) => query.sort === 'popular' || r.score > 0).sort((a, b) => b.score - a.score || a.app.id - b.app.id);
  const data = ranked.slice(query.offset, query.offset + query.limit).map((r, i) => ({
    rank: query.offset + i + 1,
    app_id: r.app.id,
    app_name: r.app.name,
    total_tokens: String(r.tokens),
    total_requests: Math.round(r.tokens / r.traits.tokensPerRequest),
  }));
  return {
    data,
    meta: { as_of: new Date(asOfMs).toISOString(), version: 'v1' as const, start_date: formatUtcDay(query.startDay), end_date: formatUtcDay(query.endDay) },
  };
}
