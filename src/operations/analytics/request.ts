import { z } from 'zod';
import { DIMENSION_NAMES, GRANULARITY_NAMES, METRIC_NAMES, OPERATOR_NAMES } from './analytics-vocabulary.ts';

/** Rows a query returns when `limit` is not given (reference queryAnalytics: "Defaults to 1000"). */
export const DEFAULT_ANALYTICS_LIMIT = 1000;
/** Rows a query may ask for (the reference sets no bound; hostile input needs one). */
export const MAX_ANALYTICS_LIMIT = 10_000;
/** Values an `in` or `not_in` filter may list. */
export const MAX_FILTER_VALUES = 100;

const Scalar = z.union([z.string().max(256), z.number()]);

const ARRAY_OPERATORS = new Set(['in', 'not_in']);

/** reference queryAnalytics `filters[]`: a scalar for eq and neq, an array for in and not_in. */
const FilterSchema = z
  .object({
    field: z.enum(DIMENSION_NAMES, 'must be a dimension of GET /analytics/meta'),
    operator: z.enum(OPERATOR_NAMES, 'must be an operator of GET /analytics/meta'),
    value: z.union([Scalar, z.array(Scalar).max(MAX_FILTER_VALUES)]),
    include_unset: z.boolean().optional(),
  })
  .superRefine((filter, ctx) => {
    const wantsArray = ARRAY_OPERATORS.has(filter.operator);
    if (wantsArray !== Array.isArray(filter.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `must be ${wantsArray ? 'an array' : 'a string or number'} for operator ${filter.operator}` });
    }
  });
export type AnalyticsFilter = z.infer<typeof FilterSchema>;

const Instant = z.iso.datetime({ offset: true, error: 'must be a date-time (RFC 3339, e.g. 2025-01-01T00:00:00Z)' });

/** reference queryAnalytics request body (classifier tags are not simulated: the handler answers 400 to them). */
export const AnalyticsQuerySchema = z.object({
  metrics: z.array(z.enum(METRIC_NAMES, 'must be a metric of GET /analytics/meta')).min(1).max(METRIC_NAMES.length),
  dimensions: z.array(z.enum(DIMENSION_NAMES, 'must be a dimension of GET /analytics/meta')).max(2).optional(),
  filters: z.array(FilterSchema).max(20).optional(),
  granularity: z.enum(GRANULARITY_NAMES, 'must be a granularity of GET /analytics/meta (day, week or month)').optional(),
  time_range: z
    .object({ start: Instant, end: Instant })
    .refine((r) => Date.parse(r.end) > Date.parse(r.start), { message: 'must be after start', path: ['end'] })
    .optional(),
  limit: z.number().int().min(1).max(MAX_ANALYTICS_LIMIT).optional(),
  group_limit: z.number().int().min(1).max(MAX_ANALYTICS_LIMIT).optional(),
  order_by: z.object({ field: z.string().min(1).max(64), direction: z.enum(['asc', 'desc']) }).optional(),
  classifier_dimensions: z.unknown().optional(),
  classifier_filters: z.unknown().optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;
