import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../schemas/activity-row.ts';
import { DIMENSION_NAMES } from './analytics-vocabulary.ts';
import type { AnalyticsQuery } from './request.ts';
import { runAnalyticsQuery } from './run-query.ts';
import { dayRange } from './time-buckets.ts';

const NOW = Date.UTC(2026, 10, 28, 12);
const DAYS = ['2026-11-02', '2026-11-03', '2026-11-16', '2026-11-28'];

const cell: fc.Arbitrary<ActivityRow> = fc.record({
  day: fc.constantFrom(...DAYS),
  model: fc.constantFrom('a/x', 'b/y', '__proto__'),
  provider: fc.constantFrom('P', 'Q'),
  key_hash: fc.constantFrom('a'.repeat(64), 'b'.repeat(64)),
  workspace_id: fc.constantFrom('w1', 'constructor'),
  user_id: fc.constantFrom('u1', null),
  requests: fc.integer({ min: 1, max: 50 }),
  cost: fc.constant(0),
  byok_cost: fc.constant(0),
  prompt_tokens: fc.integer({ min: 0, max: 1000 }),
  completion_tokens: fc.integer({ min: 0, max: 1000 }),
  reasoning_tokens: fc.constant(0),
  cached_tokens: fc.constant(0),
  latency_ms: fc.constant(0),
});

const total = (rows: readonly Record<string, unknown>[], metric: string) => rows.reduce((n, r) => n + (r[metric] as number), 0);
const query = (q: Partial<AnalyticsQuery>): AnalyticsQuery => ({ metrics: ['request_count', 'total_tokens'], ...q });
const run = (cells: ActivityRow[], q: AnalyticsQuery) => runAnalyticsQuery(cells, q, dayRange(undefined, NOW, 31), 10_000).rows;

describe('runAnalyticsQuery (reference queryAnalytics)', () => {
  it('grouping by any dimensions and granularity never changes the totals', () => {
    fc.assert(
      fc.property(
        fc.array(cell, { maxLength: 40 }),
        fc.subarray([...DIMENSION_NAMES], { maxLength: 2 }),
        fc.constantFrom(undefined, 'day', 'week', 'month'),
        (cells, dimensions, granularity) => {
          const all = run(cells, query({}));
          const grouped = run(cells, query({ dimensions, ...(granularity ? { granularity } : {}) }));
          expect(total(grouped, 'request_count')).toBe(cells.reduce((n, c) => n + c.requests, 0));
          expect(total(grouped, 'total_tokens')).toBe(total(all, 'total_tokens'));
          // One row per distinct combination: the groups are disjoint.
          const keys = grouped.map((r) => JSON.stringify(Object.entries(r).filter(([k]) => !['request_count', 'total_tokens'].includes(k))));
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
    );
  });

  it('eq and neq on a value split the cells that have one; in and not_in with include_unset cover them all', () => {
    fc.assert(
      fc.property(
        fc.array(cell, { maxLength: 40 }),
        fc.constantFrom(...DIMENSION_NAMES),
        fc.constantFrom('u1', 'a/x', 'w1', 'P', '__proto__'),
        (cells, field, value) => {
          const count = (filters: AnalyticsQuery['filters']) => total(run(cells, query({ filters })), 'request_count');
          const everything = count([]);
          const unset = field === 'user' ? cells.filter((c) => c.user_id === null).reduce((n, c) => n + c.requests, 0) : 0;
          expect(count([{ field, operator: 'eq', value }]) + count([{ field, operator: 'neq', value }])).toBe(everything - unset);
          expect(
            count([{ field, operator: 'in', value: [value], include_unset: true }]) +
              count([{ field, operator: 'not_in', value: [value], include_unset: true }]),
          ).toBe(everything + unset);
        },
      ),
    );
  });
});
