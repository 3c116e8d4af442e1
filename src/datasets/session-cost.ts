import type { TextModel } from '../catalog/text-model.ts';
import { publishedSessionCells } from './published-sessions.ts';
import { recordedSessionCells, type SessionGeneration } from './recorded-sessions.ts';
import type { SessionCostCell } from './session-cost-cells.ts';
import { TURN_RANGE_NAMES, type SessionCostQuery } from './session-cost-query.ts';
import { formatUtcDay, utcDayOf } from './utc-day.ts';

/** The sample window of the dataset, days. */
export const SESSION_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

function order(a: SessionCostCell, b: SessionCostCell): number {
  if (a.app_slug !== b.app_slug) return a.app_slug < b.app_slug ? -1 : 1;
  if (a.model_permaslug !== b.model_permaslug) return a.model_permaslug < b.model_permaslug ? -1 : 1;
  return TURN_RANGE_NAMES.indexOf(a.turn_range) - TURN_RANGE_NAMES.indexOf(b.turn_range);
}

/**
 * GET /datasets/session-cost (reference getSessionCost): the published harness cells plus the cells
 * of the sessions this gateway recorded in the last 30 days (gateway clock), sorted by app, model
 * and turn range, filtered, then paged. Pure in (catalogue, seed, generations, query, clock).
 *
 * @example
 * sessionCost(catalog.models, 0, account.generations(), parseSessionCostQuery(params), clock.now());
 */
export function sessionCost(
  catalogModels: readonly TextModel[],
  seed: number,
  generations: readonly SessionGeneration[],
  query: SessionCostQuery,
  nowMs: number,
) {
  const cells = [...publishedSessionCells(catalogModels, seed), ...recordedSessionCells(generations, nowMs - SESSION_WINDOW_DAYS * DAY_MS)]
    .filter(
      (c) =>
        (query.appSlug === undefined || c.app_slug === query.appSlug) &&
        (query.model === undefined || c.model_permaslug === query.model) &&
        (query.turnRange === undefined || c.turn_range === query.turnRange),
    )
    .sort(order);
  return {
    data: cells.slice(query.offset, query.offset + query.limit),
    meta: { as_of: new Date(nowMs).toISOString(), version: 'v1' as const, window_days: SESSION_WINDOW_DAYS, window_end_date: formatUtcDay(utcDayOf(nowMs)) },
  };
}
