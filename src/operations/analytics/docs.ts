import { AnalyticsMetaResponseSchema, AnalyticsQueryResponseSchema } from '../../schemas/analytics-responses.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { managementDoc } from '../../openapi/common-parameters.ts';

const doc = managementDoc('Analytics');

/** The Analytics operations in `/openapi.json` (management key only), and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'analytics.meta': doc('The metrics, dimensions, filter operators and granularities `POST /analytics/query` implements.', 'AnalyticsMetaResponse', []),
    'analytics.query': doc(
      'Body: `metrics` (required), `dimensions` (up to 2), `filters` (up to 20), `granularity` (day, week, month), `time_range` (whole UTC days; default the last 31 days), `limit` (1 to 10000, default 1000), `group_limit`, `order_by`. Unknown names are 400s naming the field.',
      'AnalyticsQueryResponse',
      [],
    ),
  },
  components: { answers: { AnalyticsMetaResponse: AnalyticsMetaResponseSchema, AnalyticsQueryResponse: AnalyticsQueryResponseSchema } },
};
