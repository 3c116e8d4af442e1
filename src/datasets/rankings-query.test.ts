import { describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.ts';
import { parseRankingsQuery } from './rankings-query.ts';
import { formatUtcDay } from './utc-day.ts';

const NOW = Date.UTC(2026, 4, 12, 2); // 2026-05-12T02:00Z, the reference example's as_of
const parse = (q: string) => parseRankingsQuery(new URLSearchParams(q), NOW);
const fail = (q: string) => {
  try {
    parse(q);
  } catch (e) {
    expect(e).toBeInstanceOf(GatewayError);
    expect((e as GatewayError).status).toBe(400);
    return (e as GatewayError).message;
  }
  throw new Error(`expected 400 for ${q}`);
};
const window = (q: string) => {
  const r = parse(q);
  return [formatUtcDay(r.startDay), formatUtcDay(r.endDay)];
};

describe('parseRankingsQuery', () => {
  it('defaults to the 30-day window ending on the last completed day (reference example)', () => {
    expect(window('')).toEqual(['2026-04-12', '2026-05-11']);
    expect(parse('')).toMatchObject({ period: 'day', dataset: 'exact' });
    expect(window('end_date=2025-03-01')).toEqual(['2025-01-31', '2025-03-01']);
  });
  it('clamps start_date forward to 2025-01-01, end_date back to the last completed day', () => {
    expect(window('start_date=2020-05-05&end_date=2025-01-10')).toEqual(['2025-01-01', '2025-01-10']);
    expect(window('end_date=2025-01-05')).toEqual(['2025-01-01', '2025-01-05']);
    expect(window('start_date=2026-05-01&end_date=2030-01-01')).toEqual(['2026-05-01', '2026-05-11']);
    expect(window('start_date=2025-01-01&end_date=2025-01-01')).toEqual(['2025-01-01', '2025-01-01']);
  });
  it('rejects bad dates naming the parameter', () => {
    expect(fail('end_date=2024-12-31')).toMatch(/^end_date: must be on or after 2025-01-01/);
    expect(fail('start_date=2025-1-1')).toMatch(/^start_date: must match YYYY-MM-DD/);
    expect(fail('end_date=2025-02-30')).toMatch(/^end_date: 2025-02-30 is not a calendar date/);
    expect(fail('start_date=')).toMatch(/^start_date:/);
    expect(fail('start_date=2025-06-02&end_date=2025-06-01')).toMatch(/^start_date: 2025-06-02 is after end_date 2025-06-01/);
    expect(fail('start_date=2026-05-12')).toMatch(/^start_date:/);
    expect(fail('period=day&period=week')).toMatch(/^period: given 2 times/);
  });
  it('rejects unknown enum values naming the parameter', () => {
    expect(fail('period=year')).toMatch(/^period: must be one of "day", "week", "month"/);
    expect(fail('modality=video')).toMatch(/^modality:/);
    expect(fail('context_bucket=1k')).toMatch(/^context_bucket:/);
    expect(fail('category=cooking')).toMatch(/^category:/);
    expect(fail('language_type=klingon')).toMatch(/^language_type:/);
  });
  it('applies the combination rules of the sampled and exact datasets', () => {
    expect(fail('category=legal&language_type=natural')).toMatch(/^category: cannot be combined with language_type/);
    expect(fail('category=legal&modality=text')).toMatch(/^category: cannot be combined with modality/);
    expect(fail('language_type=natural&context_bucket=1K')).toMatch(/^language_type: cannot be combined with context_bucket/);
    expect(fail('category=legal&period=day')).toMatch(/^period: "day" is not available with category/);
    expect(fail('language_type=programming&period=day')).toMatch(/^period:/);
    expect(parse('category=legal')).toMatchObject({ period: 'week', dataset: 'sampled', category: 'legal' });
    expect(parse('language_type=natural&period=month')).toMatchObject({ period: 'month', dataset: 'sampled' });
    expect(parse('modality=text&context_bucket=10K&period=month')).toMatchObject({ dataset: 'exact', modality: 'text', contextBucket: '10K' });
    expect(parse('unknown_param=1')).toMatchObject({ dataset: 'exact' });
  });
  it('needs a completed day on or after the floor', () => {
    expect(() => parseRankingsQuery(new URLSearchParams(), Date.UTC(2025, 0, 1, 12))).toThrow(/end_date: no completed day/);
  });
});
