import { enumParam, intParam, oneParam } from './query-params.ts';

/** Inclusive turn-count ranges of a session (reference `SessionCostItem.turn_range`), with their bounds. */
export const TURN_RANGES = [
  { name: '1-turn', min: 1, max: 1 },
  { name: '2-9-turns', min: 2, max: 9 },
  { name: '10-49-turns', min: 10, max: 49 },
  { name: '50-plus-turns', min: 50, max: Infinity },
] as const;
export type TurnRange = (typeof TURN_RANGES)[number]['name'];
export const TURN_RANGE_NAMES = TURN_RANGES.map((r) => r.name) as TurnRange[];

/** The range a session of `turns` turns falls in. */
export function turnRangeOf(turns: number): TurnRange {
  return (TURN_RANGES.find((r) => turns >= r.min && turns <= r.max) ?? TURN_RANGES[0]).name;
}

/** A validated query of GET /datasets/session-cost. */
export interface SessionCostQuery {
  readonly appSlug?: string;
  readonly model?: string;
  readonly turnRange?: TurnRange;
  readonly limit: number;
  readonly offset: number;
}

/**
 * Read the query of GET /datasets/session-cost (reference getSessionCost): `app_slug`, `model`,
 * `turn_range`, `limit` 1..500 (default 100), `offset` 0..5000 (default 0); a 400 otherwise.
 *
 * @example
 * parseSessionCostQuery(new URLSearchParams('turn_range=10-49-turns'));
 */
export function parseSessionCostQuery(params: URLSearchParams): SessionCostQuery {
  const appSlug = oneParam(params, 'app_slug');
  const model = oneParam(params, 'model');
  const turnRange = enumParam(params, 'turn_range', TURN_RANGE_NAMES);
  return {
    limit: intParam(params, 'limit', 1, 500) ?? 100,
    offset: intParam(params, 'offset', 0, 5000) ?? 0,
    ...(appSlug !== undefined ? { appSlug } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(turnRange !== undefined ? { turnRange } : {}),
  };
}
