import { parseRankingsQuery } from '../datasets/rankings-query.ts';
import { rankingsDaily } from '../datasets/rankings-daily.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { Route } from '../http/route.ts';
import { jsonResponse } from '../http/raw-body.ts';

/** Statuses the reference lists for getRankingsDaily. */
export const RANKINGS_DAILY_FAULTS = [400, 401, 429, 500] as const;

/**
 * GET /datasets/rankings-daily (spec 4.4; reference getRankingsDaily): "any valid API key", not
 * billed; dates relative to the gateway clock.
 *
 * @example
 * const routes = datasetsRoutes(env); // [{ method: 'GET', path: '/datasets/rankings-daily', ... }]
 */
export function datasetsRoutes(_env: GatewayEnv): Route[] {
  return [
    {
      method: 'GET',
      path: '/datasets/rankings-daily',
      operation: 'datasets.rankings-daily.get',
      auth: 'key',
      faults: RANKINGS_DAILY_FAULTS,
      handle(ctx) {
        const now = ctx.env.clock.now();
        const query = parseRankingsQuery(ctx.url.searchParams, now);
        return jsonResponse(rankingsDaily(ctx.env.catalog.models, ctx.env.seed, query, now));
      },
    },
  ];
}
