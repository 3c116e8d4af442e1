import { z } from 'zod';
import { jsonResponse } from '../http/raw-body.ts';
import type { RequestContext } from '../http/route.ts';
import { queryObject, readRequest } from './read-request.ts';

/** The reference's page size when `limit` is not given (listGuardrails, listOrganizationMembers, ...). */
export const DEFAULT_PAGE_SIZE = 50;

const Offset = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number >= 0')
  .transform(Number);
const Limit = z
  .string()
  .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100')
  .transform(Number)
  .pipe(z.number().int().min(1).max(100));

/** The reference's offset-limit paging: `offset` (default 0), `limit` (1-100, default 50). */
export const PageQuerySchema = z.object({ offset: Offset.optional(), limit: Limit.optional() });

/**
 * One page of a listing as the reference's offset-limit listings answer: `data` and `total_count`.
 *
 * @example
 * pagedAnswer(ctx, members, (m) => m); // { data: [...up to 50], total_count }
 */
export function pagedAnswer<T>(ctx: RequestContext, all: readonly T[], view: (item: T) => unknown): Response {
  const query = readRequest(PageQuerySchema, queryObject(ctx.url));
  const offset = query.offset ?? 0;
  return jsonResponse({ data: all.slice(offset, offset + (query.limit ?? DEFAULT_PAGE_SIZE)).map(view), total_count: all.length });
}
