import { ACTIVITY_DAYS_KEPT } from '../../account/activity-ledger.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { readJsonRequest } from '../read-json-request.ts';
import { DEFAULT_ANALYTICS_LIMIT, AnalyticsQuerySchema, type AnalyticsQuery } from './request.ts';
import { analyticsQueryData } from './response.ts';
import { runAnalyticsQuery } from './run-query.ts';
import { dayRange } from './time-buckets.ts';

const KEY_HASH = /^[0-9a-f]{64}$/;

/** The 400s the schema cannot state: classifier tags (not simulated) and an `order_by` outside the query. */
function checkQuery(q: AnalyticsQuery): void {
  for (const field of ['classifier_dimensions', 'classifier_filters'] as const) {
    if (q[field] !== undefined) throw new GatewayError(400, `${field}: no classifier is active on this account (classifier tags are not simulated)`);
  }
  const field = q.order_by?.field;
  if (field === undefined || field === 'request_count' || q.metrics.includes(field) || (q.dimensions ?? []).includes(field)) return;
  if (field === 'date' && q.granularity !== undefined) return;
  throw new GatewayError(
    400,
    `order_by.field: must be a metric of the query, request_count, a dimension of the query, or date (with a granularity) (got ${JSON.stringify(field)})`,
  );
}

/** reference queryAnalytics `warnings`: `api_key_id` filter values that are no key hash match nothing. */
function keyWarnings(q: AnalyticsQuery): string[] {
  const warnings: string[] = [];
  for (const filter of q.filters ?? []) {
    if (filter.field !== 'api_key_id') continue;
    for (const value of Array.isArray(filter.value) ? filter.value : [filter.value]) {
      if (!KEY_HASH.test(String(value)) && warnings.length < 20)
        warnings.push(`api_key_id ${JSON.stringify(value)} is not a key hash (64 hex digits, as GET /keys lists them): it matches no activity`);
    }
  }
  return warnings;
}

/** reference queryAnalytics: the activity cells grouped, filtered and ordered as asked (docs/management.md). */
export async function queryAnalytics(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const q = await readJsonRequest(ctx, AnalyticsQuerySchema);
  checkQuery(q);
  const started = env.clock.now();
  const cells = await env.activity.rows();
  const range = dayRange(q.time_range, started, ACTIVITY_DAYS_KEPT);
  const { rows, truncated } = runAnalyticsQuery(cells, q, range, q.limit ?? DEFAULT_ANALYTICS_LIMIT);
  return jsonResponse({ data: analyticsQueryData(rows, truncated, Math.max(0, env.clock.now() - started), keyWarnings(q)) });
}
