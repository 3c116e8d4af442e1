import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { smallCatalog } from '../src/catalog/small-catalog.ts';
import { listedModels } from '../src/catalog/listed-models.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/** The hand-made catalogue these expectations are written against. */
const SMALL_CATALOG = smallCatalog();

/** GET /models `category` and `arch`, the `links.details` endpoints listing, and web `max_results: 0`. */
describe.each(TARGET_KINDS)('models filters, endpoints listing, web max_results (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 2, catalog: 'small' });
  });
  afterAll(() => target.close());

  const get = async (path: string) => {
    const res = await target.fetch(path, { headers: jsonHeaders() });
    return { status: res.status, body: (await res.json()) as any };
  };
  const ids = async (query: string) => ((await get(`/models?${query}`)).body.data as Array<{ id: string }>).map((m) => m.id);

  it('category keeps the models of that use case, and an unknown category is a 400 listing the values', async () => {
    const programming = await ids('category=programming');
    expect(programming).toEqual(
      listedModels(SMALL_CATALOG.models)
        .filter((m) => m.categories.includes('programming'))
        .map((m) => m.id),
    );
    expect(programming.length).toBeGreaterThan(2);
    expect(programming.length).toBeLessThan(listedModels(SMALL_CATALOG.models).length);
    expect(await ids('category=marketing/seo')).toEqual(['anthropic/claude-haiku-4.5', 'google/gemini-2.5-flash']);
    const bad = await get('/models?category=cooking');
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(bad.body).error.message).toMatch(/^category: must be one of programming, roleplay/);
  });

  it('arch keeps a model family, case-insensitively; a family name matches its versions', async () => {
    expect(await ids('arch=claude')).toEqual(
      listedModels(SMALL_CATALOG.models)
        .filter((m) => m.tokenizer === 'Claude')
        .map((m) => m.id),
    );
    expect(await ids('arch=Llama')).toEqual(['meta-llama/llama-3.3-70b-instruct']);
    expect((await ids('arch=GPT,Gemini')).every((id) => id.startsWith('openai/') || id.startsWith('google/'))).toBe(true);
    expect(await ids('arch=nothing')).toEqual([]);
    expect(await ids('arch=GPT&category=science')).toEqual(['openai/gpt-5', 'openai/gpt-oss-120b']);
  });

  it('every links.details answers with the reference ListEndpointsResponse', async () => {
    const list = (await get('/models')).body.data as Array<{ id: string; links: { details: string } }>;
    for (const model of list) {
      const path = model.links.details.replace(new URL(target.baseUrl).pathname, '');
      const { status, body } = await get(path);
      expect(status, path).toBe(200);
      const entry = listedModels(SMALL_CATALOG.models).find((m) => m.id === model.id)!;
      expect(body.data).toMatchObject({ id: model.id, name: entry.name, architecture: { tokenizer: entry.tokenizer } });
      expect(body.data.endpoints.map((e: { tag: string }) => e.tag)).toEqual(entry.endpoints.map((e) => e.provider));
      for (const e of body.data.endpoints) {
        expect(e).toMatchObject({ model_id: model.id, status: 0, pricing: { prompt: expect.any(String), completion: expect.any(String) } });
        expect(typeof e.latency_last_30m.p50).toBe('number');
      }
    }
  });

  it('an unknown model in the endpoints path is a 404 in the error envelope', async () => {
    const { status, body } = await get('/models/nobody/nothing/endpoints');
    expect(status).toBe(404);
    expect(ErrorBodySchema.parse(body).error.message).toContain('Model "nobody/nothing" not found');
  });

  it('the web plugin takes max_results 0 (no sources), and rejects a negative count with a 400', async () => {
    const post = (plugin: Record<string, unknown>) =>
      target.fetch('/responses', {
        method: 'POST',
        headers: jsonHeaders('sk-gw-test', { 'x-gateway-metadata': 'enabled' }),
        body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Latest news on server-sent events', plugins: [{ id: 'web', ...plugin }] }),
      });
    const zero = await post({ max_results: 0 });
    expect(zero.status).toBe(200);
    const body = (await zero.json()) as any;
    const web = body.gateway_metadata.pipeline.find((s: { name: string }) => s.name === 'web');
    expect(web.data).toMatchObject({ max_results: 0, results: [] });
    expect(body.output[0].content[0].annotations).toEqual([]);
    const negative = await post({ max_results: -1 });
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as any).error.message).toBe('plugins[0].max_results: must be >= 0 (got -1)');
  });
});
