import type { ActivityRow } from '../../schemas/activity-row.ts';

/** The sums a group of activity cells carries; every metric is worked out from them. */
export interface GroupSums {
  requests: number;
  cost: number;
  byok_cost: number;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
  latency_ms: number;
}

/** A metric of the reference getAnalyticsMeta `metrics`, with how this gateway computes it. */
export interface AnalyticsMetric {
  readonly name: string;
  readonly display_label: string;
  readonly is_rate: boolean;
  readonly display_format: 'number' | 'currency' | 'latency';
  readonly value: (s: GroupSums) => number;
}

/** Round away binary noise of summed decimal prices (12 places, as usage costs are). */
const usd = (n: number) => Math.round(n * 1e12) / 1e12;

/** The metrics queryAnalytics computes here: sums of the paid answers, and one average. */
export const ANALYTICS_METRICS: readonly AnalyticsMetric[] = [
  { name: 'request_count', display_label: 'Request Count', is_rate: false, display_format: 'number', value: (s) => s.requests },
  { name: 'cost', display_label: 'Spend', is_rate: false, display_format: 'currency', value: (s) => usd(s.cost) },
  { name: 'byok_cost', display_label: 'BYOK Inference Spend', is_rate: false, display_format: 'currency', value: (s) => usd(s.byok_cost) },
  { name: 'prompt_tokens', display_label: 'Prompt Tokens', is_rate: false, display_format: 'number', value: (s) => s.prompt_tokens },
  { name: 'completion_tokens', display_label: 'Completion Tokens', is_rate: false, display_format: 'number', value: (s) => s.completion_tokens },
  { name: 'reasoning_tokens', display_label: 'Reasoning Tokens', is_rate: false, display_format: 'number', value: (s) => s.reasoning_tokens },
  { name: 'cached_tokens', display_label: 'Cached Tokens', is_rate: false, display_format: 'number', value: (s) => s.cached_tokens },
  {
    name: 'total_tokens',
    display_label: 'Total Tokens',
    is_rate: false,
    display_format: 'number',
    value: (s) => s.prompt_tokens + s.completion_tokens,
  },
  {
    name: 'avg_latency',
    display_label: 'Average Latency (ms)',
    is_rate: true,
    display_format: 'latency',
    value: (s) => (s.requests === 0 ? 0 : Math.round(s.latency_ms / s.requests)),
  },
];

/** A dimension of the reference getAnalyticsMeta `dimensions`: the cell's value it groups and filters by (null: unset). */
export interface AnalyticsDimension {
  readonly name: string;
  readonly display_label: string;
  readonly value: (row: ActivityRow) => string | null;
}

/** reference queryAnalytics filters: `api_key_id` is a key hash, `workspace` a workspace UUID, `user` a user id, `model` a slug. */
export const ANALYTICS_DIMENSIONS: readonly AnalyticsDimension[] = [
  { name: 'model', display_label: 'Model', value: (r) => r.model },
  { name: 'provider', display_label: 'Provider', value: (r) => r.provider },
  { name: 'api_key_id', display_label: 'API Key', value: (r) => r.key_hash },
  { name: 'workspace', display_label: 'Workspace', value: (r) => r.workspace_id },
  { name: 'user', display_label: 'User', value: (r) => r.user_id },
];

/** The filter operators implemented (ordered comparisons are not: every dimension is a string). */
export const ANALYTICS_OPERATORS = [
  { name: 'eq', value_type: 'scalar' },
  { name: 'neq', value_type: 'scalar' },
  { name: 'in', value_type: 'array' },
  { name: 'not_in', value_type: 'array' },
] as const;

/** The granularities implemented: the aggregate is daily, so days and the weeks and months made of them. */
export const ANALYTICS_GRANULARITIES = [
  { name: 'day', display_label: 'Day' },
  { name: 'week', display_label: 'Week' },
  { name: 'month', display_label: 'Month' },
] as const;

export const METRIC_NAMES = ANALYTICS_METRICS.map((m) => m.name) as [string, ...string[]];
export const DIMENSION_NAMES = ANALYTICS_DIMENSIONS.map((d) => d.name) as [string, ...string[]];
export const OPERATOR_NAMES = ANALYTICS_OPERATORS.map((o) => o.name) as [string, ...string[]];
export const GRANULARITY_NAMES = ANALYTICS_GRANULARITIES.map((g) => g.name) as [string, ...string[]];
export type AnalyticsGranularity = (typeof ANALYTICS_GRANULARITIES)[number]['name'];
