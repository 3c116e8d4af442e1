import fc from 'fast-check';
import { stringMatching } from '../../arbitraries/string-matching.ts';
import {
  RankingsCategorySchema,
  RankingsContextBucketSchema,
  RankingsDailyResponseSchema,
  RankingsLanguageTypeSchema,
  RankingsModalitySchema,
  RankingsPeriodSchema,
} from '../../../src/schemas/rankings-daily.ts';
import type { Check, Problems } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { probeAll } from '../../property/probe-all.ts';
import { runProperty } from '../../property/run-property.ts';
import { parseOnce } from '../../oracles/parse-once.ts';

const PATH = '/datasets/rankings-daily';
const FLOOR = '2025-01-01';
const get = (query: string): Probe => ({ method: 'GET', path: `${PATH}${query}` });

/**
 * reference RankingsDailyResponse: the shape; at most 50 real rows + one `other` per date; dates
 * ascending; totals descending with ties alphabetical; `other` last; rows inside the bucket grain;
 * meta dates resolved in order and not before 2025-01-01.
 */
export function rankingsProblems(exchange: Pick<Exchange, 'status' | 'text'>, expect: { start?: string; period?: 'day' | 'week' | 'month' } = {}): Problems {
  if (exchange.status !== 200) return [`expected HTTP 200, got ${exchange.status}: ${exchange.text.slice(0, 160)}`];
  const parsed = parseOnce(RankingsDailyResponseSchema, exchangeJson(exchange));
  if (!parsed.success) return schemaProblems('reference RankingsDailyResponse', parsed.error);
  const { data, meta } = parsed.data;
  const problems: string[] = [];
  if (meta.start_date < FLOOR) problems.push(`reference start_date: meta.start_date ${meta.start_date} is before the ${FLOOR} floor`);
  if (meta.start_date > meta.end_date) problems.push(`meta.start_date ${meta.start_date} is after meta.end_date ${meta.end_date}`);
  if (expect.start !== undefined && meta.start_date !== expect.start)
    problems.push(`reference start_date: expected meta.start_date ${expect.start}, got ${meta.start_date}`);
  const byDate = new Map<string, typeof data>();
  let previous = '';
  for (const row of data) {
    if (row.date < previous) problems.push(`rows are not sorted by date: ${row.date} after ${previous}`);
    previous = row.date;
    byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
    if (expect.period === 'day' && (row.date < meta.start_date || row.date > meta.end_date))
      problems.push(`row date ${row.date} outside ${meta.start_date}..${meta.end_date}`);
    if (expect.period === 'month' && !row.date.endsWith('-01')) problems.push(`period=month: row date ${row.date} is not a month start`);
    if (expect.period === 'week' && new Date(`${row.date}T00:00:00Z`).getUTCDay() !== 1)
      problems.push(`period=week: row date ${row.date} is not an ISO week start (Monday)`);
  }
  for (const [date, rows] of byDate) {
    const real = rows.filter((r) => r.model_permaslug !== 'other');
    if (real.length > 50) problems.push(`${date}: ${real.length} model rows (top 50 at most)`);
    const other = rows.filter((r) => r.model_permaslug === 'other');
    if (other.length > 1 || (other.length === 1 && rows.at(-1)?.model_permaslug !== 'other'))
      problems.push(`${date}: the "other" row must be one and last within its date`);
    for (let i = 1; i < real.length; i++) {
      const [a, b] = [real[i - 1]!, real[i]!];
      const [x, y] = [BigInt(a.total_tokens), BigInt(b.total_tokens)];
      if (x < y || (x === y && a.model_permaslug > b.model_permaslug)) {
        problems.push(
          `${date}: ${a.model_permaslug} (${a.total_tokens}) before ${b.model_permaslug} (${b.total_tokens}) breaks "total_tokens descending, ties alphabetical"`,
        );
        break;
      }
    }
  }
  return problems;
}

/** spec 5.2: the dataset needs a key too. */
export const rankingsAuth: Check = {
  id: 'datasets.rankings-auth',
  free: true,
  exclusive: false,
  rules: ['datasets.auth'],
  spec: 'spec 4.4, 5.2',
  title: 'GET /datasets/rankings-daily without a key gets 401 with the envelope',
  run: (ctx) => probeAll(ctx, [{ ...get(''), auth: 'none' }], expectError(401)),
};

/** The default answer and each grain follow the reference ordering and shape rules. */
export const rankingsShape: Check = {
  id: 'datasets.rankings-shape',
  free: true,
  exclusive: false,
  rules: ['datasets.rankings-order'],
  spec: 'spec 4.4 (reference RankingsDailyResponse)',
  title: 'GET /datasets/rankings-daily answers data sorted by date, total descending (ties alphabetical), top 50 + "other" last, for each grain',
  run: async (ctx) => {
    const day = await probeAll(ctx, [get('')], (e) => rankingsProblems(e, { period: 'day' }));
    if (day.status !== 'passed') return day;
    const week = await probeAll(ctx, [get('?period=week')], (e) => rankingsProblems(e, { period: 'week' }));
    if (week.status !== 'passed') return week;
    return probeAll(ctx, [get('?period=month&modality=text')], (e) => rankingsProblems(e, { period: 'month' }));
  },
};

/** reference start_date: earlier values are clamped forward to 2025-01-01 and echoed. */
export const rankingsClamp: Check = {
  id: 'datasets.rankings-clamp',
  free: true,
  exclusive: false,
  rules: ['datasets.start-date-clamp'],
  spec: 'spec 4.4 (reference start_date)',
  title: 'GET /datasets/rankings-daily clamps a start_date before 2025-01-01 to that floor and echoes it in meta.start_date',
  run: (ctx) =>
    runProperty(ctx, {
      arbitrary: fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2024-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      probe: (start) => get(`?start_date=${start}&end_date=2025-01-31`),
      runs: Math.min(ctx.runs, 10),
      oracle: (exchange) => rankingsProblems(exchange, { start: FLOOR, period: 'day' }),
    }),
};

const enumBreaker = (name: string, allowed: readonly string[]) =>
  stringMatching(/^[A-Za-z0-9_]{1,10}$/)
    .filter((v) => !allowed.includes(v))
    .map((v) => `${name}=${encodeURIComponent(v)}`);

/** Query rules of the reference, each broken alone: 400 with the envelope. */
export const rankingsValidation: Check = {
  id: 'datasets.rankings-validation',
  free: true,
  exclusive: false,
  rules: ['datasets.query-validation'],
  spec: 'spec 4.4, 7 (reference getRankingsDaily parameters)',
  title:
    'GET /datasets/rankings-daily rejects malformed dates, end_date before 2025-01-01, unknown enum values, category/language_type with each other, with modality/context_bucket or with period=day',
  run: (ctx) => {
    const category = fc.constantFrom(...RankingsCategorySchema.options).map(encodeURIComponent);
    const language = fc.constantFrom(...RankingsLanguageTypeSchema.options);
    const sampled = fc.oneof(
      category.map((c) => `category=${c}`),
      language.map((l) => `language_type=${l}`),
    );
    const exact = fc.oneof(
      fc.constantFrom(...RankingsModalitySchema.options).map((m) => `modality=${m}`),
      fc.constantFrom(...RankingsContextBucketSchema.options).map((b) => `context_bucket=${b}`),
    );
    const arbitrary = fc.oneof(
      stringMatching(/^[0-9]{1,4}-[0-9]{1,3}-[0-9]{1,3}$/)
        .filter((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d))
        .map((d) => `start_date=${d}`),
      stringMatching(/^[a-z]{1,10}$/).map((d) => `end_date=${d}`),
      fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2024-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => `end_date=${d.toISOString().slice(0, 10)}`),
      enumBreaker('period', RankingsPeriodSchema.options),
      enumBreaker('modality', RankingsModalitySchema.options),
      enumBreaker('context_bucket', RankingsContextBucketSchema.options),
      enumBreaker('category', RankingsCategorySchema.options),
      enumBreaker('language_type', RankingsLanguageTypeSchema.options),
      fc.tuple(category, language).map(([c, l]) => `category=${c}&language_type=${l}`),
      fc.tuple(sampled, exact).map(([s, e]) => `${s}&${e}`),
      sampled.map((s) => `${s}&period=day`),
    );
    const probe = (query: string) => get(`?${query}`);
    return runProperty(ctx, { arbitrary, probe, oracle: (exchange) => expectError(400)(exchange) });
  },
};

// They run beside other checks (exclusive: false): the rankings are a function of the catalog, the
// seed and the clock (only the video checks move it, and they run alone).
export const DATASETS_CHECKS: readonly Check[] = [rankingsAuth, rankingsShape, rankingsClamp, rankingsValidation];
