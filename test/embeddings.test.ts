import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from '../src/catalog/default-catalog.ts';
import { virtualClock } from '../src/clock/index.ts';
import { EmbeddingsResponseSchema } from '../src/schemas/embeddings-request.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

const SMALL = 'openai/text-embedding-3-small';

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ErrorBodySchema.parse(body).error.message;
}

describe.each(TARGET_KINDS)('POST /embeddings and GET /embeddings/models (%s)', (kind) => {
  let target: Target;
  const post = (body: unknown, key?: string, extra: Record<string, string> = {}) =>
    target.fetch('/embeddings', { method: 'POST', headers: jsonHeaders(key, extra), body: JSON.stringify(body) });
  const get = (path: string, key = 'sk-gw-test') => target.fetch(path, { headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 3, catalog: 'small' });
  });
  beforeEach(() => target.gateway.control.reset());
  afterAll(() => target.close());

  it('answers the reference shape: one vector per input in order, usage and cost at the prompt price', async () => {
    const res = await post({ model: SMALL, input: ['alpha', 'beta gamma', 'delta'] });
    expect(res.status).toBe(200);
    const body = EmbeddingsResponseSchema.strict().parse(await res.json());
    expect(body.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(body.data.every((d) => Array.isArray(d.embedding) && d.embedding.length === 1536)).toBe(true);
    // o200k: "alpha", "beta gamma", "delta" are 1 + 2 + 1 tokens; text-embedding-3-small costs $0.02 per million.
    expect(body.usage.prompt_tokens).toBe(4);
    expect(body.usage.cost).toBeCloseTo(4 * 0.00000002, 15);
    expect(body.id).toBe(res.headers.get('x-generation-id'));
  });

  it('token inputs: an array of ids is one input, an array of arrays is one each', async () => {
    const one = EmbeddingsResponseSchema.parse(await (await post({ model: SMALL, input: [9906, 1917] })).json());
    expect(one.data).toHaveLength(1);
    expect(one.usage.prompt_tokens).toBe(2);
    const two = EmbeddingsResponseSchema.parse(await (await post({ model: SMALL, input: [[9906, 1917], [15339]] })).json());
    expect(two.data).toHaveLength(2);
    expect(two.usage.prompt_tokens).toBe(3);
    expect(two.data[0]!.embedding).toEqual(one.data[0]!.embedding);
  });

  it('the same input and model give the same vector on every target and seed; base64 is its float32 bytes', async () => {
    const a = EmbeddingsResponseSchema.parse(await (await post({ model: SMALL, input: 'a fixed sentence', dimensions: 8 })).json());
    const b64 = EmbeddingsResponseSchema.parse(
      await (await post({ model: SMALL, input: 'a fixed sentence', dimensions: 8, encoding_format: 'base64' })).json(),
    );
    const bytes = Uint8Array.from(atob(b64.data[0]!.embedding as string), (c) => c.charCodeAt(0));
    expect(Array.from(new Float32Array(bytes.buffer))).toEqual(a.data[0]!.embedding);
    const other = await startTarget(kind === 'msw' ? 'http' : 'msw', { seed: 99 });
    try {
      const res = await other.fetch('/embeddings', {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({ model: SMALL, input: 'a fixed sentence', dimensions: 8 }),
      });
      expect(EmbeddingsResponseSchema.parse(await res.json()).data[0]!.embedding).toEqual(a.data[0]!.embedding);
    } finally {
      await other.close();
    }
  });

  it('bad requests are 400s in the envelope that name the field', async () => {
    expect(await errorOf(await post({ model: SMALL }), 400)).toMatch(/^input: required/);
    expect(await errorOf(await post({ model: SMALL, input: [] }), 400)).toMatch(/^input: at least 1/);
    expect(await errorOf(await post({ model: SMALL, input: ['ok', ''] }), 400)).toMatch(/^input\[1\]/);
    expect(await errorOf(await post({ model: SMALL, input: 'x', encoding_format: 'hex' }), 400)).toMatch(/^encoding_format: must be one of "float", "base64"/);
    expect(await errorOf(await post({ model: SMALL, input: 'x', dimensions: 0 }), 400)).toMatch(/^dimensions/);
    expect(await errorOf(await post({ model: SMALL, input: 'x', dimensions: 1537 }), 400)).toBe(`dimensions: at most 1536 for ${SMALL} (got 1537)`);
    expect(await errorOf(await post({ model: 'openai/text-embedding-ada-002', input: 'x', dimensions: 256 }), 400)).toContain('fixed 1536 dimensions');
    expect(await errorOf(await post({ model: 'nobody/nothing', input: 'x' }), 400)).toMatch(/^model: "nobody\/nothing" is not a valid model ID/);
    expect(await errorOf(await post({ model: 'openai/gpt-5', input: 'x' }), 400)).toContain('is a text model, not an embedding model');
    expect(await errorOf(await post({ model: SMALL, input: [{ content: [{ type: 'image_url', image_url: { url: 'https://x.test/a.png' } }] }] }), 400)).toBe(
      `input[0].content[0]: ${SMALL} embeds text only (got a image_url part)`,
    );
    expect(await errorOf(await post({ model: SMALL, input: 'word '.repeat(9000) }), 400)).toContain('reads at most 8192 tokens per input');
    expect(await errorOf(await target.fetch('/embeddings', { method: 'POST', headers: jsonHeaders(), body: '{"model":' }), 400)).toBeTruthy();
    expect(await errorOf(await post({ model: SMALL, input: 'x' }, 'sk-gw-no-credits'), 402)).toContain('Insufficient credits');
    expect(await errorOf(await post({ model: SMALL, input: 'x' }, 'sk-wrong'), 401)).toBeTruthy();
  });

  it('multimodal inputs of text parts embed as their text', async () => {
    const parts = EmbeddingsResponseSchema.parse(await (await post({ model: SMALL, input: [{ content: [{ type: 'text', text: 'hello world' }] }] })).json());
    const plain = EmbeddingsResponseSchema.parse(await (await post({ model: SMALL, input: 'hello world' })).json());
    expect(parts.data[0]!.embedding).toEqual(plain.data[0]!.embedding);
  });

  it('provider preferences apply: order picks the endpoint, a failing provider falls back, allow_fallbacks false surfaces the failure', async () => {
    const meta = { 'x-gateway-metadata': 'enabled' };
    const ordered = await (await post({ model: 'baai/bge-m3', input: 'x', provider: { order: ['nebius'] } }, undefined, meta)).json();
    expect(ordered.gateway_metadata.summary).toContain('selected=Nebius AI Studio');
    target.gateway.control.failProvider('openai', 503, 1);
    const fellBack = await (await post({ model: SMALL, input: 'x' }, undefined, meta)).json();
    expect(fellBack.gateway_metadata.attempts.map((a: { provider: string; status: number }) => `${a.provider}:${a.status}`)).toEqual([
      'OpenAI:503',
      'Azure:200',
    ]);
    target.gateway.control.failProvider('openai', 529, 1);
    const res = await post({ model: SMALL, input: 'x', provider: { allow_fallbacks: false } });
    expect(await errorOf(res, 529)).toContain('OpenAI');
    expect(await errorOf(await post({ model: SMALL, input: 'x', provider: { only: ['mistral'] } }), 404)).toContain('provider.only');
    expect(await errorOf(await post({ model: SMALL, input: 'x', provider: { bogus: true } }), 400)).toMatch(/^provider\.bogus: unknown property/);
  });

  it('X-Gatewaykit-Fault forces the statuses the reference lists', async () => {
    expect(await errorOf(await post({ model: SMALL, input: 'x' }, undefined, { 'x-gatewaykit-fault': '529' }), 529)).toBeTruthy();
  });

  it('GET /embeddings/models lists the catalogue embedding models, paged by offset and limit', async () => {
    const all = await (await get('/embeddings/models')).json();
    expect(all.data.map((m: { id: string }) => m.id)).toEqual(DEFAULT_CATALOG.embeddingModels.map((m) => m.id));
    const small = all.data.find((m: { id: string }) => m.id === SMALL);
    expect(small.architecture.output_modalities).toEqual(['embeddings']);
    expect(small.pricing.prompt).toBe('0.00000002');
    const page = await (await get('/embeddings/models?offset=1&limit=2')).json();
    expect(page.data.map((m: { id: string }) => m.id)).toEqual(all.data.slice(1, 3).map((m: { id: string }) => m.id));
    expect(await errorOf(await get('/embeddings/models?limit=0'), 400)).toMatch(/^limit: must be an integer from 1 to 1000/);
    const endpoints = await (await get(`/models/${SMALL}/endpoints`)).json();
    expect(endpoints.data.endpoints.map((e: { tag: string }) => e.tag)).toEqual(['openai', 'azure']);
  });
});
