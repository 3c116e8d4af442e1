import { rankingsDaily } from '../../datasets/rankings-daily.ts';
import { parseRankingsQuery } from '../../datasets/rankings-query.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';

/** Statuses the reference lists for getRankingsDaily. */
export const RANKINGS_DAILY_FAULTS = [400, 401, 429, 500] as const;

/**
 * GET /datasets/rankings-daily (spec 4.4; reference getRankingsDaily): "any valid API key", not
 * billed; dates relative to the gateway clock.
 */
export const datasetsOperation: Operation = {
  name: 'datasets',
  endpoints: [
    { method: 'GET', path: '/datasets/rankings-daily', id: 'datasets.rankings-daily.get', referenceId: 'getRankingsDaily', summary: 'Daily token rankings of models', auth: 'key', faults: RANKINGS_DAILY_FAULTS },
  ],
  handlers: ({ env }) => ({
    'datasets.rankings-daily.get': (ctx) => {
      const now = env.clock.now();
      const query = parseRankingsQuery(ctx.url.searchParams, now);
      return jsonResponse(rankingsDaily(env.catalog.models, env.seed, query, now));
    },
  }),
};
