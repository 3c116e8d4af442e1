import { z } from 'zod';

/** operation-docs.ts's ParameterDoc and OperationDoc, restated (that file spreads these docs in). */
interface ParameterDoc {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path';
  readonly description: string;
  readonly schema: z.ZodType;
  readonly required?: boolean;
}
interface OperationDoc {
  readonly tag: string;
  readonly description: string;
  readonly successStatus: number;
  readonly success: Readonly<Record<string, string>>;
  readonly parameters: readonly ParameterDoc[];
}

const ACTIVITY_QUERY: readonly ParameterDoc[] = [
  {
    name: 'date',
    in: 'query',
    description: 'One UTC date (YYYY-MM-DD) of the last 30 completed days on the gateway clock; any other is a 400.',
    schema: z.string(),
  },
  { name: 'api_key_hash', in: 'query', description: 'Only the activity of the key with this hash (as `GET /keys` lists it).', schema: z.string() },
  { name: 'user_id', in: 'query', description: 'Only the activity of keys this user created.', schema: z.string() },
  { name: 'workspace_id', in: 'query', description: 'Only the activity of this workspace (404 for an unknown one).', schema: z.string() },
  { name: 'group_by', in: 'query', description: '`workspace` splits each item per workspace and adds `workspace_id`.', schema: z.enum(['workspace']) },
];

/** The Analytics operations' prose and shapes (management key only; docs/management.md). */
export function analyticsDocs(headers: readonly ParameterDoc[]): Record<string, OperationDoc> {
  const doc = (description: string, success: string, parameters: readonly ParameterDoc[]): OperationDoc => ({
    tag: 'Analytics',
    description: `Management key only. ${description}`,
    successStatus: 200,
    success: { 'application/json': success },
    parameters: [...parameters, ...headers],
  });
  return {
    'activity.get': doc(
      'The paid answers of the last 30 completed UTC days of the gateway clock (today excluded), summed per day, model and endpoint: cost, BYOK cost, requests and tokens.',
      'ActivityResponse',
      ACTIVITY_QUERY,
    ),
    'analytics.meta': doc('The metrics, dimensions, filter operators and granularities `POST /analytics/query` implements.', 'AnalyticsMetaResponse', []),
    'analytics.query': doc(
      'Body: `metrics` (required), `dimensions` (up to 2), `filters` (up to 20), `granularity` (day, week, month), `time_range` (whole UTC days; default the last 31 days), `limit` (1 to 10000, default 1000), `group_limit`, `order_by`. Unknown names are 400s naming the field.',
      'AnalyticsQueryResponse',
      [],
    ),
  };
}
