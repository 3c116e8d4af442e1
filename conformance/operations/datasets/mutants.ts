import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onResponse } from '../../mutants/rewrite.ts';

/** Mutants of GET /datasets/rankings-daily (spec 4.4). */

const isRankings = (path: string) => path.endsWith('/datasets/rankings-daily');

export const rankingsAscending: Mutant = {
  id: 'rankings-ascending',
  breaks: 'reference RankingsDailyResponse: rows within a date sorted by total_tokens ascending',
  caughtBy: 'datasets.rankings-shape',
  wrap: (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (!isRankings(request.url.pathname) || !Array.isArray(json.data)) return;
      const rows = json.data as Array<{ date: string }>;
      json.data = [...new Set(rows.map((r) => r.date))].flatMap((d) => rows.filter((r) => r.date === d).reverse());
    }),
};

export const rankingsStartNotClamped: Mutant = {
  id: 'rankings-start-not-clamped',
  breaks: 'reference start_date: a start_date before 2025-01-01 is echoed as given instead of clamped to the floor',
  caughtBy: 'datasets.rankings-clamp',
  wrap: (fetch) =>
    onJson(fetch, (json, _response, request) => {
      const start = request.url.searchParams.get('start_date');
      if (isRankings(request.url.pathname) && start && isObject(json.meta)) json.meta.start_date = start;
    }),
};

export const rankingsFiltersUnchecked: Mutant = {
  id: 'rankings-filters-unchecked',
  breaks: 'reference getRankingsDaily: forbidden filter combinations and bad values answered 200 instead of 400',
  caughtBy: 'datasets.rankings-validation',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (!isRankings(request.url.pathname) || response.status !== 400) return;
      response.status = 200;
      response.headers.set('content-type', 'application/json');
      response.text = JSON.stringify({ data: [], meta: { as_of: new Date(0).toISOString(), version: 'v1', start_date: '2025-01-01', end_date: '2025-01-01' } });
    }),
};

export const DATASETS_MUTANTS: readonly Mutant[] = [rankingsAscending, rankingsStartNotClamped, rankingsFiltersUnchecked];
