import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallCatalog } from '../src/catalog/small-catalog.ts';
import { MODEL_SORTS } from '../src/catalog/model-query.ts';
import { virtualClock } from '../src/clock/index.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';
import { listedModels } from '../src/catalog/listed-models.ts';

/** The hand-made catalogue these expectations are written against. */
const SMALL_CATALOG = smallCatalog();

/** What GET /models lists: the catalogue models and their catalogue variants (`:free`, `:thinking`). */
const LISTED = listedModels(SMALL_CATALOG.models);

const DAY = 86_400_000;

describe.each(TARGET_KINDS)('GET /models and GET /videos/models (%s)', (kind) => {
  let target: Target;
  const clock = virtualClock();
  beforeAll(async () => {
    target = await startTarget(kind, { clock, catalog: 'small' });
  });
  afterAll(() => target.close());

  const list = async (query = '', key = 'sk-gw-test') => {
    const res = await target.fetch(`/models${query}`, { headers: jsonHeaders(key) });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('lists every catalogue model in the reference Model shape', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.data.map((m: any) => m.id)).toEqual(LISTED.map((m) => m.id));
    expect(body.total_count).toBe(LISTED.length);
    for (const m of body.data) {
      expect(Object.keys(m)).toEqual(
        expect.arrayContaining([
          'id',
          'canonical_slug',
          'name',
          'created',
          'pricing',
          'context_length',
          'architecture',
          'top_provider',
          'per_request_limits',
          'supported_parameters',
          'default_parameters',
          'supported_voices',
          'links',
        ]),
      );
      expect(m.pricing.prompt).toMatch(/^\d/);
      expect(typeof m.top_provider.is_moderated).toBe('boolean');
    }
  });

  it('needs a valid key', async () => {
    expect((await list('', 'sk-wrong')).status).toBe(401);
  });

  it('every filter of spec 4.4 keeps exactly the models within its bound (ages on the gateway clock)', async () => {
    const now = clock.now();
    const checks: Array<[string, number, (m: (typeof SMALL_CATALOG.models)[number]) => number | null]> = [
      ['age_days', 200, (m) => Math.floor((now - m.created * 1000) / DAY)],
      ['coding_index', 55, (m) => m.benchmarks.coding_index],
      ['intelligence_index', 55, (m) => m.benchmarks.intelligence_index],
      ['agentic_index', 50, (m) => m.benchmarks.agentic_index],
      ['tool_success_rate', 0.88, (m) => m.tool_success_rate],
      ['output_price', 2, (m) => Number(m.endpoints[0]!.pricing.completion) * 1e6],
    ];
    for (const [name, bound, value] of checks) {
      for (const side of ['min', 'max'] as const) {
        const { status, body } = await list(`?${side}_${name}=${bound}`);
        expect(status).toBe(200);
        const expected = LISTED.filter((m) => {
          const v = value(m);
          return v !== null && (side === 'min' ? v >= bound - 1e-9 : v <= bound + 1e-9);
        });
        expect(
          body.data.map((m: any) => m.id),
          `${side}_${name}`,
        ).toEqual(expected.map((m) => m.id));
      }
    }
  });

  it('ages move with the clock', async () => {
    const before = (await list('?max_age_days=150')).body.data.length;
    await target.gateway.control.advanceClock(365 * DAY);
    const after = (await list('?max_age_days=150')).body.data.length;
    expect(after).toBeLessThan(before);
    expect(after).toBe(0);
  });

  it('sorts by every reference sort value; models without the score go last', async () => {
    for (const sort of MODEL_SORTS) {
      const { status, body } = await list(`?sort=${sort}`);
      expect(status).toBe(200);
      expect(body.data).toHaveLength(LISTED.length);
    }
    const newest = (await list('?sort=newest')).body.data.map((m: any) => m.created);
    expect(newest).toEqual([...newest].sort((a: number, b: number) => b - a));
    const coding = (await list('?sort=coding-high-to-low')).body.data.map((m: any) => m.benchmarks.artificial_analysis.coding_index);
    expect(coding).toEqual([...coding].sort((a: number, b: number) => b - a));
    const cheap = (await list('?sort=pricing-low-to-high')).body.data.map((m: any) => Number(m.pricing.prompt) + Number(m.pricing.completion));
    expect(cheap).toEqual([...cheap].sort((a: number, b: number) => a - b));
  });

  it('bad query values are 400s naming the parameter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('max_age_days', 'min_age_days', 'min_coding_index', 'max_output_price', 'min_tool_success_rate', 'sort'),
        fc.constantFrom('abc', '-1', '1.5', '', '2'),
        async (name, value) => {
          const { status, body } = await list(`?${name}=${encodeURIComponent(value)}`);
          const intParam = name.endsWith('_days');
          const valid =
            name === 'sort'
              ? false
              : name === 'min_tool_success_rate'
                ? value === ''
                  ? false
                  : Number(value) >= 0 && Number(value) <= 1
                : value !== '' && Number(value) >= 0 && (!intParam || Number.isInteger(Number(value)));
          if (valid) expect(status).toBe(200);
          else {
            expect(status).toBe(400);
            expect(body.error.message.startsWith(`${name}:`)).toBe(true);
          }
        },
      ),
      { numRuns: 30 },
    );
    expect((await list('?min_coding_index=60&max_coding_index=50')).status).toBe(400);
  });

  it('pages with offset and limit', async () => {
    const { body } = await list('?offset=2&limit=3');
    expect(body.data.map((m: any) => m.id)).toEqual(LISTED.slice(2, 5).map((m) => m.id));
    expect(body.links.next).toContain('offset=5');
  });

  it('GET /videos/models lists the video models without the simulation profile', async () => {
    const res = await target.fetch('/videos/models', { headers: jsonHeaders() });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.map((m: any) => m.id)).toEqual(SMALL_CATALOG.videoModels.map((m) => m.id));
    for (const m of body.data) expect(m.simulation).toBeUndefined();
  });
});
