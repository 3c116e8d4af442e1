import { createOpenAI } from '@ai-sdk/openai';
import { cosineSimilarity, embedMany } from 'ai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTarget, TARGET_KINDS, type Target } from '../targets.ts';

/**
 * Embedding clients at their default settings (retries included), unchanged but for `baseURL` and
 * `apiKey`: the official `openai` package (6.x; it asks for base64 unless told otherwise and
 * decodes it) and the AI SDK's OpenAI provider, in-process (msw) and over a real port.
 */
const MODEL = 'openai/text-embedding-3-small';

const DOCUMENTS = [
  'How to bake sourdough bread at home',
  'A beginner tutorial on Python list comprehensions',
  'Symptoms of the common cold and the flu',
  'The best hiking trails in the Swiss Alps',
];

const norm = (v: readonly number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe.each(TARGET_KINDS)('embedding clients against the simulator (%s)', (kind) => {
  let target: Target;
  let client: OpenAI;
  beforeAll(async () => {
    target = await startTarget(kind);
    client = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
  });
  afterAll(() => target.close());

  test('embeddings.create with the default encoding (base64 on the wire) returns float vectors of unit length', async () => {
    const result = await client.embeddings.create({ model: MODEL, input: ['first text', 'second text'] });
    expect(result.object).toBe('list');
    expect(result.model).toBe(MODEL);
    expect(result.data.map((d) => d.index)).toEqual([0, 1]);
    for (const d of result.data) {
      expect(d.embedding).toHaveLength(1536);
      expect(norm(d.embedding)).toBeCloseTo(1, 5);
    }
    expect(result.usage.prompt_tokens).toBeGreaterThan(0);
    expect(result.usage.total_tokens).toBe(result.usage.prompt_tokens);
  });

  test('encoding_format float and base64 carry the same vector; dimensions shortens it', async () => {
    const asFloat = await client.embeddings.create({ model: MODEL, input: 'same text', encoding_format: 'float' });
    const asBase64 = await client.embeddings.create({ model: MODEL, input: 'same text', encoding_format: 'base64' });
    const raw = asBase64.data[0]!.embedding as unknown as string;
    expect(typeof raw).toBe('string');
    const bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
    expect(Array.from(new Float32Array(bytes.buffer))).toEqual(asFloat.data[0]!.embedding);
    const short = await client.embeddings.create({ model: MODEL, input: 'same text', dimensions: 256 });
    expect(short.data[0]!.embedding).toHaveLength(256);
    expect(norm(short.data[0]!.embedding)).toBeCloseTo(1, 5);
  });

  test('retrieval: the nearest document to a query is the related one', async () => {
    const queries = ['recipe for baking bread', 'list comprehension in python', 'hiking in the alps'];
    const result = await client.embeddings.create({ model: MODEL, input: [...queries, ...DOCUMENTS] });
    const vectors = result.data.map((d) => d.embedding);
    const nearest = queries.map((_, q) => {
      const scores = DOCUMENTS.map((_, d) => cosineSimilarity(vectors[q]!, vectors[queries.length + d]!));
      return scores.indexOf(Math.max(...scores));
    });
    expect(nearest).toEqual([0, 1, 3]);
  });

  test('an unknown model is a 400 the SDK raises with the message', async () => {
    const error = await client.embeddings.create({ model: 'openai/gpt-5', input: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('is a text model, not an embedding model');
  });

  test('the AI SDK embedMany returns one vector per value, with usage', async () => {
    const provider = createOpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
    const { embeddings, usage } = await embedMany({ model: provider.embedding(MODEL), values: DOCUMENTS });
    expect(embeddings).toHaveLength(DOCUMENTS.length);
    expect(embeddings[0]).toHaveLength(1536);
    expect(usage.tokens).toBeGreaterThan(0);
  });
});
