import { GatewayError } from '../errors/gateway-error.ts';
import { parseDateWindow, type DateWindow } from './date-window.ts';
import { APP_CATEGORIES, APP_CATEGORY_NAMES, APP_SUBCATEGORY_NAMES, categoryOf, type AppCategory, type AppSubcategory } from './published-apps.ts';
import { enumParam, intParam } from './query-params.ts';

export const APP_SORTS = ['popular', 'trending'] as const;

/** A validated query of GET /datasets/app-rankings. */
export interface AppRankingsQuery extends DateWindow {
  readonly sort: (typeof APP_SORTS)[number];
  readonly category?: AppCategory;
  readonly subcategory?: AppSubcategory;
  readonly limit: number;
  readonly offset: number;
}

/**
 * Read the query of GET /datasets/app-rankings (reference getAppRankings): `sort` (default
 * popular), `category`, `subcategory` (which must belong to `category` when both are given),
 * `limit` 1..100 (default 50), `offset` 0..100 (default 0) and the date window of the datasets.
 *
 * @example
 * parseAppRankingsQuery(new URLSearchParams('category=coding&limit=10'), clock.now());
 */
export function parseAppRankingsQuery(params: URLSearchParams, nowMs: number): AppRankingsQuery {
  const sort = enumParam(params, 'sort', APP_SORTS) ?? 'popular';
  const category = enumParam(params, 'category', APP_CATEGORY_NAMES);
  const subcategory = enumParam(params, 'subcategory', APP_SUBCATEGORY_NAMES);
  if (category !== undefined && subcategory !== undefined && categoryOf(subcategory) !== category) {
    throw new GatewayError(400, `subcategory: "${subcategory}" is not in category "${category}" (its subcategories: ${APP_CATEGORIES[category].join(', ')})`);
  }
  const limit = intParam(params, 'limit', 1, 100) ?? 50;
  const offset = intParam(params, 'offset', 0, 100) ?? 0;
  return {
    ...parseDateWindow(params, nowMs),
    sort,
    limit,
    offset,
    ...(category !== undefined ? { category } : {}),
    ...(subcategory !== undefined ? { subcategory } : {}),
  };
}
