import type { OperationHandlers } from '../operation.ts';
import { appRankings } from '../../datasets/app-rankings.ts';
import { parseAppRankingsQuery } from '../../datasets/app-rankings-query.ts';
import { rankingsDaily } from '../../datasets/rankings-daily.ts';
import { parseRankingsQuery } from '../../datasets/rankings-query.ts';
import { sessionCost } from '../../datasets/session-cost.ts';
import { parseSessionCostQuery } from '../../datasets/session-cost-query.ts';
import { jsonResponse } from '../../http/raw-body.ts';

/** The datasets operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'datasets.rankings-daily.get': (ctx) => {
    const now = env.clock.now();
    const query = parseRankingsQuery(ctx.url.searchParams, now);
    return jsonResponse(rankingsDaily(env.catalog.models, env.seed, query, now));
  },
  'datasets.app-rankings.get': (ctx) => {
    const now = env.clock.now();
    return jsonResponse(appRankings(env.seed, parseAppRankingsQuery(ctx.url.searchParams, now), now));
  },
  'datasets.session-cost.get': (ctx) => {
    const query = parseSessionCostQuery(ctx.url.searchParams);
    return jsonResponse(sessionCost(env.catalog.models, env.seed, env.account.generations(), query, env.clock.now()));
  },
});
