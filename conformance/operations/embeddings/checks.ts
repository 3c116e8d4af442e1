import fc from 'fast-check';
import type { Check, CheckContext } from '../../check.ts';
import { exchangeJson } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { embeddingsBase64Problems, embeddingsDimensionsProblems, embeddingsShapeProblems, embeddingsUnitLengthProblems, inputCount } from './oracles.ts';
import { runProperty } from '../../property/run-property.ts';
import type { Stratum } from '../../property/stratum.ts';

/** Used when the target lists no embedding model (its `GET /embeddings/models` fails or is empty). */
export const FALLBACK_EMBEDDING_MODEL = 'openai/text-embedding-3-small';

/**
 * The embedding model of the run: one that `GET /embeddings/models` (free) lists, preferring one
 * that takes `dimensions` (the text-embedding-3 family), else the fallback. Asked once per run.
 */
export function embeddingModel(ctx: CheckContext): Promise<string> {
  // Without budget for an embedding the check sends nothing: no model to look up either.
  if (ctx.client.budget.remaining() === 0) return Promise.resolve(FALLBACK_EMBEDDING_MODEL);
  return ctx.shared('embeddings.model', async (client) => {
    try {
      const exchange = await client.send({ method: 'GET', path: '/embeddings/models' });
      const ids = ((exchangeJson(exchange) as { data?: { id?: unknown }[] } | undefined)?.data ?? [])
        .map((m) => m.id)
        .filter((id): id is string => typeof id === 'string');
      return ids.find((id) => id.includes('text-embedding-3')) ?? ids[0] ?? FALLBACK_EMBEDDING_MODEL;
    } catch {
      return FALLBACK_EMBEDDING_MODEL;
    }
  });
}

const text = fc.constantFrom('The quick brown fox.', 'A cat sat on the mat.', 'Retrieval needs meaning.', 'Ünïcödé and 日本語.', 'x');
type Input = string | string[];

/**
 * The kinds of input the reference takes (one string, or an array of non-empty strings): each is
 * sent at its smallest first, so every run asks for several vectors at once (a target answering
 * one vector to any input fails at every seed), then random ones.
 */
function inputStrata<T>(rules: readonly string[], as: (input: fc.Arbitrary<Input>) => fc.Arbitrary<T>): Stratum<T>[] {
  return [
    { label: 'one string', rules, arbitrary: as(text) },
    { label: 'an array of one string', rules, arbitrary: as(fc.array(text, { minLength: 1, maxLength: 1 })) },
    { label: 'an array of 2 to 4 strings', rules, arbitrary: as(fc.array(text, { minLength: 2, maxLength: 4 })) },
  ];
}
const probe = (body: Record<string, unknown>): Probe => ({ method: 'POST', path: '/embeddings', body });
const runsOf = (ctx: CheckContext) => Math.max(1, Math.min(ctx.runs, 4));

/** reference `/embeddings`: one vector per input, in order, of one length. */
export const embeddingsShape: Check = {
  id: 'embeddings.shape',
  exclusive: false,
  spec: 'reference /embeddings',
  rules: ['embeddings.shape-count'],
  title:
    'POST /embeddings answers a list with one vector per input, in order, of one length; usage, when sent, with integer counts (a string, an array of one, an array of several)',
  // A string, an array of one, an array of several.
  owes: () => ({ own: inputStrata([], (a) => a).length }),
  run: async (ctx) => {
    const model = await embeddingModel(ctx);
    const rules = embeddingsShape.rules;
    return runProperty(ctx, {
      strata: inputStrata(rules, (a) => a),
      rules,
      probe: (input) => probe({ model, input }),
      runs: runsOf(ctx),
      oracle: (e, input) => embeddingsShapeProblems(e, inputCount(input)),
    });
  },
};

/** Unit-length vectors (neither the spec nor the reference states it; retrieval code assumes it). */
export const embeddingsUnitLength: Check = {
  id: 'embeddings.unit-length',
  exclusive: false,
  spec: 'reference /embeddings (inferred)',
  rules: ['embeddings.unit-length'],
  title: 'Embedding vectors have Euclidean norm 1 (a string, an array of one, an array of several)',
  // A string, an array of one, an array of several.
  owes: () => ({ own: inputStrata([], (a) => a).length }),
  run: async (ctx) => {
    const model = await embeddingModel(ctx);
    const rules = embeddingsUnitLength.rules;
    return runProperty(ctx, {
      strata: inputStrata(rules, (a) => a),
      rules,
      probe: (input) => probe({ model, input }),
      runs: runsOf(ctx),
      oracle: (e) => embeddingsUnitLengthProblems(e),
    });
  },
};

/** reference `/embeddings` `dimensions`. */
export const embeddingsDimensions: Check = {
  id: 'embeddings.dimensions',
  exclusive: false,
  spec: 'reference /embeddings dimensions',
  rules: ['embeddings.dimensions'],
  title: 'dimensions: N gives vectors of exactly N numbers (a string, an array of one, an array of several)',
  // A string, an array of one, an array of several.
  owes: () => ({ own: inputStrata([], (a) => a).length }),
  run: async (ctx) => {
    const model = await embeddingModel(ctx);
    const rules = embeddingsDimensions.rules;
    // The smallest example of each kind asks for 1 number; random runs for up to 256.
    const strata = inputStrata(rules, (input) => fc.record({ input, dimensions: fc.integer({ min: 1, max: 256 }) }));
    return runProperty(ctx, {
      strata,
      rules,
      probe: (v) => probe({ model, ...v }),
      runs: runsOf(ctx),
      oracle: (e, v) => embeddingsDimensionsProblems(e, v.dimensions),
    });
  },
};

/** reference `/embeddings` `encoding_format`: base64 is honoured. */
export const embeddingsBase64: Check = {
  id: 'embeddings.base64',
  exclusive: false,
  spec: 'reference /embeddings encoding_format',
  rules: ['embeddings.base64'],
  title: 'encoding_format base64 gives each vector as a base64 string of float32 values (a string, an array of one, an array of several)',
  owes: () => ({ own: inputStrata([], (a) => a).length }),
  run: async (ctx) => {
    const model = await embeddingModel(ctx);
    const rules = embeddingsBase64.rules;
    return runProperty(ctx, {
      strata: inputStrata(rules, (a) => a),
      rules,
      probe: (input) => probe({ model, input, encoding_format: 'base64' }),
      runs: runsOf(ctx),
      oracle: (e, input) => embeddingsBase64Problems(e, inputCount(input)),
    });
  },
};

export const EMBEDDINGS_CHECKS: readonly Check[] = [embeddingsShape, embeddingsUnitLength, embeddingsDimensions, embeddingsBase64];
