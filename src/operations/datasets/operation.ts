import { appRankings } from '../../datasets/app-rankings.ts';
import { parseAppRankingsQuery } from '../../datasets/app-rankings-query.ts';
import { rankingsDaily } from '../../datasets/rankings-daily.ts';
import { parseRankingsQuery } from '../../datasets/rankings-query.ts';
import { sessionCost } from '../../datasets/session-cost.ts';
import { parseSessionCostQuery } from '../../datasets/session-cost-query.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { docs } from './docs.ts';

/** Statuses the reference lists for getRankingsDaily (and getAppRankings, getSessionCost). */
export const RANKINGS_DAILY_FAULTS = [400, 401, 429, 500] as const;

/**
 * The datasets (spec 4.4; reference getRankingsDaily, getAppRankings, getSessionCost): "any valid
 * API key", not billed; dates relative to the gateway clock. The session costs include the
 * sessions this gateway recorded (the account's generations).
 */
export const datasetsOperation: Operation = {
  name: 'datasets',
  docs,
  endpoints: [
    {
      method: 'GET',
      path: '/datasets/rankings-daily',
      id: 'datasets.rankings-daily.get',
      referenceId: 'getRankingsDaily',
      summary: 'Daily token rankings of models',
      auth: 'key',
      faults: RANKINGS_DAILY_FAULTS,
    },
    {
      method: 'GET',
      path: '/datasets/app-rankings',
      id: 'datasets.app-rankings.get',
      referenceId: 'getAppRankings',
      summary: 'Top public apps by token usage',
      auth: 'key',
      faults: RANKINGS_DAILY_FAULTS,
    },
    {
      method: 'GET',
      path: '/datasets/session-cost',
      id: 'datasets.session-cost.get',
      referenceId: 'getSessionCost',
      summary: 'Cost per session by harness and model',
      auth: 'key',
      faults: RANKINGS_DAILY_FAULTS,
    },
  ],
  handlers: ({ env }) => ({
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
  }),
};
