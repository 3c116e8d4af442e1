import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { DEFAULT_CATALOG } from '../src/catalog/default-catalog.ts';
import type { CatalogInput } from '../src/catalog/catalog.ts';
import { RANKINGS_DAILY_FAULTS } from '../src/operations/datasets/operation.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { RankingsDailyResponseSchema, type RankingsDailyItem, type RankingsDailyResponse } from '../src/schemas/rankings-daily.ts';
import { TARGET_KINDS, startTarget, type Target } from './targets.ts';

const NOW = Date.UTC(2026, 4, 12, 2); // the reference example: as_of 2026-05-12T02:00Z, end 2026-05-11
const auth = (key = 'sk-gw-test') => ({ authorization: `Bearer ${key}` });

/** A catalogue text model (whatever fields the routing area requires) reshaped for these tests. */
function textModel(fields: Record<string, unknown>) {
  const base = { ...(DEFAULT_CATALOG.models[0] as Record<string, unknown>) };
  delete base.spend_share; // seeded popularity instead, so the numbers do not depend on the fixture
  return { ...base, ...fields } as CatalogInput['models'][number];
}

/** Small catalogue: fewer than 50 entries, so no `other` row and every model's rows are comparable. */
function smallCatalog(): CatalogInput {
  const kinds = [
    { input_modalities: ['text'], output_modalities: ['text'], supported_parameters: ['tools'] },
    { input_modalities: ['text', 'image'], output_modalities: ['text'], supported_parameters: ['tools'] },
    { input_modalities: ['text', 'audio'], output_modalities: ['text'], supported_parameters: [] },
    { input_modalities: ['text'], output_modalities: ['image'], supported_parameters: [] },
  ];
  return {
    ...DEFAULT_CATALOG,
    models: Array.from({ length: 12 }, (_, i) =>
      textModel({
        id: `vendor${i % 3}/model-${i}`,
        name: `Model ${i}`,
        context_length: [4_000, 32_000, 200_000, 2_000_000][i % 4] as number,
        created: i === 11 ? '2026-04-20' : '2024-06-01',
        ...kinds[i % 4],
      }),
    ),
  };
}

/** Large catalogue: 80 models, so every day has a top 50 and an `other` row. */
function largeCatalog(): CatalogInput {
  return {
    ...DEFAULT_CATALOG,
    models: Array.from({ length: 80 }, (_, i) => textModel({ id: `lab${i % 7}/m${i}`, name: `M${i}`, created: '2024-01-01' })),
  };
}

const key = (r: RankingsDailyItem) => `${r.date}|${r.model_permaslug}`;
const byKey = (rows: RankingsDailyItem[]) => new Map(rows.map((r) => [key(r), BigInt(r.total_tokens)]));

function checkOrder(body: RankingsDailyResponse) {
  const dates = [...new Set(body.data.map((r) => r.date))];
  expect(dates).toEqual([...dates].sort());
  for (const date of dates) {
    const rows = body.data.filter((r) => r.date === date);
    expect(rows.length).toBeLessThanOrEqual(51);
    const real = rows.filter((r) => r.model_permaslug !== 'other');
    expect(real.length).toBeLessThanOrEqual(50);
    const other = rows.findIndex((r) => r.model_permaslug === 'other');
    if (other >= 0) expect(other).toBe(rows.length - 1);
    for (let i = 1; i < real.length; i++) {
      const [a, b] = [real[i - 1]!, real[i]!];
      const [x, y] = [BigInt(a.total_tokens), BigInt(b.total_tokens)];
      expect(x > y || (x === y && a.model_permaslug < b.model_permaslug), `${date} ${a.model_permaslug} before ${b.model_permaslug}`).toBe(true);
    }
  }
}

describe.each(TARGET_KINDS)('GET /datasets/rankings-daily (%s)', (kind) => {
  let small: Target;
  const startSmall = () => startTarget(kind, { clock: virtualClock(NOW), seed: 3, catalog: smallCatalog() });
  /** msw keeps one active setupServer per process: close `small`, run with another gateway, reopen. */
  async function withOther(options: Parameters<typeof startTarget>[1], fn: (t: Target) => Promise<void>) {
    await small.close();
    const other = await startTarget(kind, { clock: virtualClock(NOW), ...options });
    try {
      await fn(other);
    } finally {
      await other.close();
      small = await startSmall();
    }
  }
  async function get(target: Target, query: string, headers: Record<string, string> = auth()): Promise<RankingsDailyResponse> {
    const res = await target.fetch(`/datasets/rankings-daily${query}`, { headers });
    const body = await res.json();
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    const parsed = RankingsDailyResponseSchema.strict().parse(body);
    checkOrder(parsed);
    return parsed;
  }
  async function error(target: Target, query: string, status = 400, headers: Record<string, string> = auth()): Promise<string> {
    const res = await target.fetch(`/datasets/rankings-daily${query}`, { headers });
    const body = ErrorBodySchema.parse(await res.json());
    expect(res.status).toBe(status);
    expect(body.error.code).toBe(status);
    return body.error.message;
  }

  beforeAll(async () => {
    small = await startSmall();
  });
  afterAll(() => small.close());

  it('defaults: the 30 days ending at the last completed UTC day, meta as the reference shows', async () => {
    const body = await get(small, '');
    expect(body.meta).toEqual({ as_of: '2026-05-12T02:00:00.000Z', version: 'v1', start_date: '2026-04-12', end_date: '2026-05-11' });
    const dates = [...new Set(body.data.map((r) => r.date))];
    expect(dates.length).toBe(30);
    expect(dates[0]).toBe('2026-04-12');
    expect(dates.at(-1)).toBe('2026-05-11');
    expect(body.data.some((r) => r.model_permaslug === 'other')).toBe(false);
    // The model created 2026-04-20 has no rows before that day.
    expect(body.data.filter((r) => r.model_permaslug.startsWith('vendor2/model-11')).every((r) => r.date >= '2026-04-20')).toBe(true);
  });

  it('is deterministic for a seed, and the seed changes the numbers', async () => {
    const a = await get(small, '?start_date=2026-05-01');
    const b = await get(small, '?start_date=2026-05-01');
    expect(b).toEqual(a);
    await withOther({ seed: 4, catalog: smallCatalog() }, async (other) => {
      expect(await get(other, '?start_date=2026-05-01')).not.toEqual(a);
    });
  });

  it('top 50 plus one `other` row per day when the long tail is not empty', async () => {
    let body: RankingsDailyResponse | undefined;
    await withOther({ seed: 3, catalog: largeCatalog() }, async (large) => {
      body = await get(large, '?start_date=2026-05-09');
    });
    if (!body) throw new Error('no body');
    const dates = [...new Set(body.data.map((r) => r.date))];
    expect(dates).toEqual(['2026-05-09', '2026-05-10', '2026-05-11']);
    for (const date of dates) {
      const rows = body.data.filter((r) => r.date === date);
      expect(rows.length).toBe(51);
      expect(rows.at(-1)?.model_permaslug).toBe('other');
      const smallest = BigInt(rows[49]!.total_tokens);
      expect(BigInt(rows[50]!.total_tokens)).toBeGreaterThan(0n);
      expect(smallest).toBeGreaterThan(0n);
    }
    for (const r of body.data) expect(r.total_tokens).toMatch(/^\d+$/);
  });

  it('clamps start_date to 2025-01-01 and end_date to the last completed day, echoed in meta', async () => {
    expect((await get(small, '?start_date=2019-01-01&end_date=2025-01-03')).meta).toMatchObject({ start_date: '2025-01-01', end_date: '2025-01-03' });
    expect((await get(small, '?end_date=2025-01-01')).meta).toMatchObject({ start_date: '2025-01-01', end_date: '2025-01-01' });
    expect((await get(small, '?start_date=2026-05-10&end_date=2027-01-01')).meta).toMatchObject({ start_date: '2026-05-10', end_date: '2026-05-11' });
    expect((await get(small, '?end_date=2026-01-31')).meta).toMatchObject({ start_date: '2026-01-02', end_date: '2026-01-31' });
  });

  it('week and month grains sum the daily series (bucket = ISO week start / month start)', async () => {
    const q = '?start_date=2026-03-04&end_date=2026-04-20';
    const daily = await get(small, q);
    const sums = (bucket: (d: string) => string) => {
      const m = new Map<string, bigint>();
      for (const r of daily.data) {
        const k = `${bucket(r.date)}|${r.model_permaslug}`;
        m.set(k, (m.get(k) ?? 0n) + BigInt(r.total_tokens));
      }
      return m;
    };
    const weekStart = (d: string) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      const wd = (new Date(t).getUTCDay() + 6) % 7;
      return new Date(t - wd * 86_400_000).toISOString().slice(0, 10);
    };
    const weekly = await get(small, `${q}&period=week`);
    expect(byKey(weekly.data)).toEqual(sums(weekStart));
    expect(weekly.data[0]?.date).toBe('2026-03-02'); // the Monday of the week holding 2026-03-04
    const monthly = await get(small, `${q}&period=month`);
    expect(byKey(monthly.data)).toEqual(sums((d) => `${d.slice(0, 8)}01`));
    expect([...new Set(monthly.data.map((r) => r.date))]).toEqual(['2026-03-01', '2026-04-01']);
    expect(await get(small, `${q}&period=day`)).toEqual(daily);
  });

  it('modality keeps the models of that surface; tool_calling keeps rows with tool calls', async () => {
    const q = '?start_date=2026-04-25';
    const all = byKey((await get(small, q)).data);
    const slugsOf = (rows: RankingsDailyItem[]) => new Set(rows.map((r) => Number(/model-(\d+)/.exec(r.model_permaslug)?.[1]) % 4));
    const cases: Array<[string, number[]]> = [
      ['text', [0, 1, 2]],
      ['image', [1]],
      ['audio', [2]],
      ['image_output', [3]],
      ['tool_calling', [0, 1]],
    ];
    for (const [modality, kinds] of cases) {
      const rows = (await get(small, `${q}&modality=${modality}`)).data;
      expect(rows.length, modality).toBeGreaterThan(0);
      expect([...slugsOf(rows)].sort(), modality).toEqual(kinds);
      for (const r of rows) expect(BigInt(r.total_tokens), `${modality} ${key(r)}`).toBe(all.get(key(r)));
    }
    const tools = (await get(small, `${q}&modality=tool_calling`)).data;
    const toolCapable = [...all.keys()].filter((k) => [0, 1].includes(Number(/model-(\d+)/.exec(k)?.[1]) % 4));
    expect(tools.length).toBeLessThan(toolCapable.length); // some days recorded no tool call
  });

  it('context_bucket splits each row exactly; buckets above a model context length are empty', async () => {
    const q = '?start_date=2026-05-05';
    const all = byKey((await get(small, q)).data);
    const sum = new Map<string, bigint>();
    for (const bucket of ['1K', '10K', '100K', '1M', '10M']) {
      const rows = (await get(small, `${q}&context_bucket=${bucket}`)).data;
      for (const r of rows) sum.set(key(r), (sum.get(key(r)) ?? 0n) + BigInt(r.total_tokens));
      if (bucket === '10M') expect(rows.every((r) => Number(/model-(\d+)/.exec(r.model_permaslug)?.[1]) % 4 === 3)).toBe(true);
    }
    expect(sum).toEqual(all);
    const both = await get(small, `${q}&context_bucket=1K&modality=image`);
    expect(both.data.every((r) => Number(/model-(\d+)/.exec(r.model_permaslug)?.[1]) % 4 === 1)).toBe(true);
  });

  it('category and language_type read the weekly sampled dataset (default week, month by week start)', async () => {
    const q = '?start_date=2026-03-04&end_date=2026-04-29';
    const cat = await get(small, `${q}&category=programming`);
    const dates = [...new Set(cat.data.map((r) => r.date))];
    // Whole ISO weeks whose Monday lies in the window.
    expect(dates).toEqual(['2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06', '2026-04-13', '2026-04-20', '2026-04-27']);
    expect(await get(small, `${q}&category=programming&period=week`)).toEqual(cat);
    const monthly = await get(small, `${q}&category=programming&period=month`);
    const expected = new Map<string, bigint>();
    for (const r of cat.data) {
      const k = `${r.date.slice(0, 8)}01|${r.model_permaslug}`;
      expected.set(k, (expected.get(k) ?? 0n) + BigInt(r.total_tokens));
    }
    expect(byKey(monthly.data)).toEqual(expected);
    // marketing/seo is a part of marketing.
    const mkt = byKey((await get(small, `${q}&category=marketing`)).data);
    for (const [k, v] of byKey((await get(small, `${q}&category=marketing/seo`)).data)) expect(v).toBeLessThan(((mkt.get(k) ?? 0n) * 12n) / 10n + 1n);
    // natural + programming estimate the week's total within the sampling error (+-10% each).
    const weekly = byKey((await get(small, `${q}&period=week`)).data);
    const nat = byKey((await get(small, `${q}&language_type=natural`)).data);
    const prog = byKey((await get(small, `${q}&language_type=programming`)).data);
    for (const [k, v] of nat) {
      const total = Number(weekly.get(k) ?? 0n);
      const est = Number(v + (prog.get(k) ?? 0n));
      if (k.startsWith('2026-03-09')) {
        expect(est).toBeGreaterThanOrEqual(total * 0.9 - 2);
        expect(est).toBeLessThanOrEqual(total * 1.1 + 2);
      }
    }
  });

  it('the trailing sampled week may include traffic past end_date', async () => {
    const upToMonday = byKey((await get(small, '?start_date=2026-04-27&end_date=2026-04-27&category=legal')).data);
    const wholeWeek = byKey((await get(small, '?start_date=2026-04-27&end_date=2026-05-03&category=legal')).data);
    expect(upToMonday).toEqual(wholeWeek);
    expect((await get(small, '?start_date=2026-04-28&end_date=2026-05-03&category=legal')).data).toEqual([]);
  });

  it('400 naming the parameter for bad values and forbidden combinations', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?start_date=2026-5-1', /^start_date: must match YYYY-MM-DD/],
      ['?end_date=yesterday', /^end_date: must match YYYY-MM-DD/],
      ['?end_date=2026-02-30', /^end_date: 2026-02-30 is not a calendar date/],
      ['?end_date=2024-12-31', /^end_date: must be on or after 2025-01-01/],
      ['?start_date=2026-05-11&end_date=2026-05-10', /^start_date: 2026-05-11 is after end_date 2026-05-10/],
      ['?period=hour', /^period: must be one of/],
      ['?modality=video', /^modality: must be one of/],
      ['?context_bucket=2K', /^context_bucket: must be one of/],
      ['?category=cooking', /^category: must be one of/],
      ['?language_type=emoji', /^language_type: must be one of/],
      ['?category=legal&language_type=natural', /^category: cannot be combined with language_type/],
      ['?category=legal&modality=text', /^category: cannot be combined with modality/],
      ['?category=legal&context_bucket=1K', /^category: cannot be combined with context_bucket/],
      ['?language_type=natural&modality=audio', /^language_type: cannot be combined with modality/],
      ['?language_type=natural&context_bucket=1M', /^language_type: cannot be combined with context_bucket/],
      ['?category=legal&period=day', /^period: "day" is not available with category/],
      ['?language_type=programming&period=day', /^period: "day" is not available with language_type/],
      ['?period=day&period=week', /^period: given 2 times/],
    ];
    for (const [q, pattern] of cases) expect(await error(small, q), q).toMatch(pattern);
  });

  it('any valid key (not billed); 401 without one; the reference statuses can be forced', async () => {
    await get(small, '?start_date=2026-05-11', auth('sk-gw-no-credits'));
    await error(small, '', 401, {});
    await error(small, '', 401, auth('sk-nope'));
    for (const status of RANKINGS_DAILY_FAULTS) await error(small, '', status, { ...auth(), 'x-gatewaykit-fault': String(status) });
    expect(await error(small, '', 400, { ...auth(), 'x-gatewaykit-fault': '402' })).toMatch(/X-Gatewaykit-Fault/);
    const res = await small.fetch('/datasets/rankings-daily', { method: 'POST', headers: auth() });
    expect(res.status).toBe(405);
  });
});
