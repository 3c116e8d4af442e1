import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { referenceValidator } from './reference-schema.ts';

const auth = { authorization: 'Bearer sk-gw-test' };
type Json = Record<string, any>;

describe('GET /benchmarks, /classifications/task, /datasets/app-rankings, /datasets/session-cost', () => {
  const gateway = createGateway({ clock: virtualClock() });
  const reference = referenceValidator();
  const get = async (path: string, headers: Record<string, string> = auth) => {
    const res = await gateway.fetch(path, { headers });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('benchmarks: every source, named by catalogue models at their listed prices; filters narrow', async () => {
    const all = await get('/benchmarks');
    expect(all.status).toBe(200);
    expect(reference.validate('/benchmarks', '200', all.body)).toEqual([]);
    expect(new Set(all.body.data.map((i: Json) => i.source))).toEqual(new Set(['artificial-analysis', 'design-arena', 'openrouter']));
    const listed = new Map((await get('/models')).body.data.map((m: Json) => [m.id, m]));
    for (const item of all.body.data.filter((i: Json) => i.source === 'artificial-analysis')) {
      const model = listed.get(item.model_permaslug) as Json;
      expect(item.display_name).toBe(model.name);
      expect(item.pricing).toEqual({ prompt: model.pricing.prompt, completion: model.pricing.completion });
    }
    const coding = await get('/benchmarks?source=artificial-analysis&task_type=coding&max_results=5');
    expect(coding.body.data).toHaveLength(5);
    const scores = coding.body.data.map((i: Json) => i.coding_index);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(coding.body.meta).toMatchObject({
      source: 'artificial-analysis',
      task_type: 'coding',
      model_count: 5,
      source_url: expect.stringMatching(/^https:/),
    });
    const search = await get('/benchmarks?benchmark_type=search_hle&include_run_config=true');
    expect(search.body.data.length).toBeGreaterThan(0);
    for (const item of search.body.data) expect(item).toMatchObject({ source: 'openrouter', benchmark_type: 'search_hle', run_config: expect.any(Object) });
    expect((await get('/benchmarks?max_results=0')).status).toBe(400);
    expect((await get('/benchmarks?task_type=poetry')).body.error.message).toMatch(/^task_type: must be one of/);
  });

  it('classifications: shares sum to 1 overall and within each macro-category; models are catalogue models', async () => {
    const res = await get('/classifications/task?window=7d');
    expect(res.status).toBe(200);
    expect(reference.validate('/classifications/task', '200', res.body)).toEqual([]);
    const { classifications, macro_categories, as_of } = res.body.data;
    expect(as_of).toBe('2025-12-31'); // yesterday on the virtual clock (2026-01-01)
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(classifications.map((c: Json) => c.usage_share))).toBeCloseTo(1, 2);
    for (const macro of macro_categories) {
      const members = classifications.filter((c: Json) => c.macro_category === macro.key);
      expect(sum(members.map((c: Json) => c.category_usage_share))).toBeCloseTo(1, 2);
      expect(sum(members.map((c: Json) => c.usage_share))).toBeCloseTo(macro.usage_share, 2);
    }
    const ids = new Set(gateway.catalog.models.flatMap((m) => [m.id, ...m.variants.map((v) => `${m.id}:${v}`)]));
    for (const c of classifications) for (const m of c.models) expect(ids.has(m.id), m.id).toBe(true);
    expect((await get('/classifications/task?window=30d')).status).toBe(400);
  });

  it('app rankings: popular by tokens, absolute ranks under offset, category filters, 400s', async () => {
    const top = await get('/datasets/app-rankings?start_date=2025-11-01&end_date=2025-11-30');
    expect(top.status).toBe(200);
    expect(reference.validate('/datasets/app-rankings', '200', top.body)).toEqual([]);
    const tokens = top.body.data.map((r: Json) => BigInt(r.total_tokens));
    expect(tokens).toEqual([...tokens].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(top.body.meta).toMatchObject({ start_date: '2025-11-01', end_date: '2025-11-30' });
    const page = await get('/datasets/app-rankings?start_date=2025-11-01&end_date=2025-11-30&offset=2&limit=2');
    expect(page.body.data).toEqual(top.body.data.slice(2, 4));
    const coding = await get('/datasets/app-rankings?category=coding');
    const cli = await get('/datasets/app-rankings?category=coding&subcategory=cli-agent');
    expect(cli.body.data.length).toBeGreaterThan(0);
    expect(cli.body.data.length).toBeLessThan(coding.body.data.length);
    expect(cli.body.data.map((r: Json) => r.rank)).toEqual(cli.body.data.map((_: Json, i: number) => i + 1));
    const trending = await get('/datasets/app-rankings?sort=trending');
    expect(trending.status).toBe(200);
    expect((await get('/datasets/app-rankings?category=coding&subcategory=roleplay')).status).toBe(400);
    expect((await get('/datasets/app-rankings?limit=101')).status).toBe(400);
    expect((await get('/datasets/app-rankings?end_date=2024-12-31')).status).toBe(400);
  });

  it('session cost: the published cells, plus the sessions this gateway recorded', async () => {
    const published = await get('/datasets/session-cost?limit=500');
    expect(published.status).toBe(200);
    expect(reference.validate('/datasets/session-cost', '200', published.body)).toEqual([]);
    const ids = new Set(gateway.catalog.models.map((m) => m.id));
    for (const cell of published.body.data) expect(ids.has(cell.model_permaslug), cell.model_permaslug).toBe(true);
    // One session of three turns, from an app named by its referer.
    const costs: number[] = [];
    for (const text of ['Plan a trip.', 'Add a museum.', 'And dinner?']) {
      const res = await gateway.fetch('/chat/completions', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'x-session-id': 'trip-1', 'http-referer': 'https://trips.example/' },
        body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: text }] }),
      });
      costs.push(((await res.json()) as Json).usage.cost);
    }
    const mine = await get('/datasets/session-cost?app_slug=trips-example');
    expect(mine.body.data).toEqual([
      {
        app_slug: 'trips-example',
        app_name: 'trips.example',
        turn_range: '2-9-turns',
        model_permaslug: 'openai/gpt-4o-mini',
        median_session_cost_usd: Number(costs.reduce((a, b) => a + b, 0).toPrecision(4)),
      },
    ]);
    const ranged = await get('/datasets/session-cost?turn_range=1-turn&limit=3&offset=1');
    expect(ranged.body.data).toEqual(published.body.data.filter((c: Json) => c.turn_range === '1-turn').slice(1, 4));
    expect((await get('/datasets/session-cost?turn_range=3-turns')).status).toBe(400);
    expect((await get('/datasets/session-cost?limit=501')).status).toBe(400);
  });

  it('the same seed and clock give the same bytes; every read needs a key', async () => {
    const other = createGateway({ clock: virtualClock() });
    for (const path of ['/benchmarks', '/classifications/task', '/datasets/app-rankings', '/datasets/session-cost']) {
      const [a, b] = await Promise.all([gateway.fetch(path, { headers: auth }), other.fetch(path, { headers: auth })]);
      if (path !== '/datasets/session-cost') expect(await a.text(), path).toBe(await b.text());
      const res = await get(path, {});
      expect(res.status, path).toBe(401);
    }
  });
});
