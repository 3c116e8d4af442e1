import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { RerankResponseSchema } from '../src/schemas/rerank-request.ts';
import { referenceResponseValidator, referenceOperation } from './support/reference-schema.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

const COHERE = 'cohere/rerank-v3.5';

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ErrorBodySchema.parse(body).error.message;
}

/** The reference gives createRerank's example on the request schema. */
function referenceExample(): Record<string, unknown> {
  const content = (referenceOperation('post', '/rerank').requestBody as { content: Record<string, { schema: { example: Record<string, unknown> } }> }).content;
  return content['application/json']!.schema.example;
}

describe.each(TARGET_KINDS)('POST /rerank (%s)', (kind) => {
  let target: Target;
  const post = (body: unknown, key?: string, extra: Record<string, string> = {}) =>
    target.fetch('/rerank', { method: 'POST', headers: jsonHeaders(key, extra), body: JSON.stringify(body) });
  const get = (path: string) => target.fetch(path, { headers: { authorization: 'Bearer sk-gw-test' } });

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 2 });
  });
  beforeEach(() => target.gateway.control.reset());
  afterAll(() => target.close());

  it("answers the reference's example with a body valid for the reference schema: France's capital first, billed and recorded", async () => {
    const res = await post(referenceExample());
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const valid = referenceResponseValidator('post', '/rerank', '200');
    expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
    RerankResponseSchema.strict().parse(body);
    // top_n 3 of two documents: both, the one sharing "capital of France" first.
    expect(body.results.map((r: { index: number }) => r.index)).toEqual([0, 1]);
    expect(body.results[0].document).toEqual({ text: 'Paris is the capital of France.' });
    expect(body.results[0].relevance_score).toBeGreaterThan(body.results[1].relevance_score);
    expect(body.usage.search_units).toBe(1);
    expect(body.usage.cost).toBeCloseTo(0.002, 9);
    expect(body.id).toBe(res.headers.get('x-generation-id'));
    const record = (await (await get(`/generation?id=${encodeURIComponent(body.id)}`)).json()).data;
    expect(record).toMatchObject({ model: COHERE, api_type: 'rerank', total_cost: body.usage.cost, provider_name: 'Cohere' });
  });

  it('top_n keeps the most relevant; results are sorted by relevance with their input index; structured documents echo', async () => {
    const documents = ['apples and pears', { text: 'the orbit of the moon' }, 'moon landing in 1969', { image: 'https://x/moon.png' }, 'moon moon'];
    const body = await (await post({ model: COHERE, query: 'moon landing', documents, top_n: 2 })).json();
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({ index: 2, document: { text: 'moon landing in 1969' } });
    const all = await (await post({ model: COHERE, query: 'moon landing', documents })).json();
    expect(all.results).toHaveLength(5);
    const scores = all.results.map((r: { relevance_score: number }) => r.relevance_score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    expect(all.results.slice(0, 2)).toEqual(body.results);
    expect(all.results.find((r: { index: number }) => r.index === 3).document).toEqual({ image: 'https://x/moon.png' });
    expect(all.results.find((r: { index: number }) => r.index === 0).relevance_score).toBe(0);
  });

  it('400s name the field; 401 without a key, 402 without credits; a failing provider falls back', async () => {
    expect(await errorOf(await post({ model: COHERE, query: 'x', documents: [] }), 400)).toMatch(/^documents/);
    expect(await errorOf(await post({ model: COHERE, documents: ['a'] }), 400)).toMatch(/^query/);
    expect(await errorOf(await post({ model: COHERE, query: 'x', documents: ['a'], top_n: 0 }), 400)).toMatch(/^top_n/);
    expect(await errorOf(await post({ model: COHERE, query: 'x', documents: [{}] }), 400)).toMatch(/^documents\[0\]: a structured document needs/);
    expect(await errorOf(await post({ model: 'acme/none', query: 'x', documents: ['a'] }), 400)).toMatch(/^model: "acme\/none" is not a valid model ID/);
    expect(await errorOf(await post({ model: COHERE, query: 'x', documents: Array(1001).fill('a') }), 400)).toMatch(
      /^documents: cohere\/rerank-v3.5 reranks at most 1000/,
    );
    const anonymous = await target.fetch('/rerank', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: COHERE, query: 'x', documents: ['a'] }),
    });
    expect(anonymous.status).toBe(401);
    expect(await errorOf(await post({ model: COHERE, query: 'x', documents: ['a'] }, 'sk-gw-no-credits'), 402)).toBeTruthy();
    target.gateway.control.failProvider('amazon-bedrock', 503, 1);
    expect(
      await errorOf(await post({ model: COHERE, query: 'x', documents: ['a'], provider: { order: ['amazon-bedrock'], allow_fallbacks: false } }), 503),
    ).toContain('Amazon Bedrock');
    expect(await errorOf(await post({ model: COHERE, query: 'x', documents: ['a'], provider: { only: ['groq'] } }), 404)).toContain('No endpoints');
  });
});
