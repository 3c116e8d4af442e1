import type { Operation } from '../operation.ts';

/** Statuses the reference lists for getRankingsDaily (and getAppRankings, getSessionCost). */
export const RANKINGS_DAILY_FAULTS = [400, 401, 429, 500] as const;

/**
 * The datasets (spec 4.4; reference getRankingsDaily, getAppRankings, getSessionCost): "any valid
 * API key", not billed; dates relative to the gateway clock. The session costs include the
 * sessions this gateway recorded (the account's generations).
 */
export const datasetsOperation: Operation = {
  name: 'datasets',
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
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
