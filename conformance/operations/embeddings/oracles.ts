import { z } from 'zod';
import type { Inconclusive, Judgement, Problems } from '../../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../../client/exchange.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { parseOnce } from '../../oracles/parse-once.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;

/**
 * The suite's reading of the reference `/embeddings` 200 answer for float vectors: `object`,
 * `data` and `model` are required; `usage` is not, but when sent its counts are integers.
 */
const EmbeddingsResultSchema = z.object({
  object: z.literal('list'),
  model: z.string(),
  data: z.array(z.object({ object: z.literal('embedding'), index: z.number().int().optional(), embedding: z.array(z.number()) })),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative(),
      total_tokens: z.number().int().nonnegative(),
      cost: z.number().nonnegative().nullable().optional(),
    })
    .optional(),
});

/** The same answer to `encoding_format: "base64"`: each embedding a string. */
const Base64ResultSchema = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ object: z.literal('embedding'), embedding: z.unknown() })),
});
type EmbeddingsResult = z.infer<typeof EmbeddingsResultSchema>;

const isInconclusive = (v: unknown): v is Inconclusive => typeof (v as Inconclusive | undefined)?.inconclusive === 'string';

/** How many inputs an embeddings request holds (a string is one). */
export function inputCount(input: unknown): number {
  return Array.isArray(input) ? input.length : 1;
}

/**
 * reference `/embeddings` (200): object "list", one data item per input in order (object
 * "embedding", index i, finite numbers), vectors of one length; usage (not required) with integer counts.
 *
 * @example
 * embeddingsShapeProblems(exchange, 2); // [] for two vectors of one length
 */
export function embeddingsShapeProblems(answer: Answer, inputs: number): Problems {
  const where = 'reference /embeddings';
  if (answer.status < 200 || answer.status >= 300)
    return [`${where}: a valid embeddings request must be served 200, got ${answer.status}: ${answer.text.slice(0, 160)}`];
  const problems: string[] = [];
  if (mediaType(answer) !== 'application/json')
    problems.push(`${where}: content-type must be application/json, was "${answer.headers['content-type'] ?? '(none)'}"`);
  const parsed = parseOnce(EmbeddingsResultSchema, exchangeJson(answer));
  if (!parsed.success) return [...problems, ...schemaProblems(`${where} result`, parsed.error)];
  const { data } = parsed.data;
  if (data.length !== inputs) problems.push(`${where}: ${inputs} inputs got ${data.length} vectors`);
  data.forEach((d, i) => {
    if (d.index !== undefined && d.index !== i) problems.push(`${where}: data[${i}] has index ${d.index} (vectors come in input order)`);
    if (d.embedding.length === 0) problems.push(`${where}: data[${i}] is an empty vector`);
    if (d.embedding.some((x) => !Number.isFinite(x))) problems.push(`${where}: data[${i}] holds a number that is not finite`);
  });
  const lengths = new Set(data.map((d) => d.embedding.length));
  if (lengths.size > 1) problems.push(`${where}: vectors of one answer have one length, got ${[...lengths].join(', ')}`);
  return problems;
}

/** Precondition of the other embeddings oracles: a result with vectors (`embeddings.shape` owns it). */
function embeddingsOf(answer: Answer): EmbeddingsResult | Inconclusive {
  if (answer.status < 200 || answer.status >= 300)
    return { inconclusive: `the embeddings request was not served (HTTP ${answer.status})`, owner: 'embeddings.shape' };
  const parsed = parseOnce(EmbeddingsResultSchema, exchangeJson(answer));
  return parsed.success && parsed.data.data.length > 0
    ? parsed.data
    : { inconclusive: 'the answer is not an embeddings list with vectors', owner: 'embeddings.shape' };
}

/** Tolerance of the unit-length rule: JSON numbers printed with 7 or more significant digits keep the norm this close to 1. */
const NORM_TOLERANCE = 1e-4;

/** Vectors are unit length (Euclidean norm 1), so a dot product is a cosine similarity. */
export function embeddingsUnitLengthProblems(answer: Answer): Judgement {
  const result = embeddingsOf(answer);
  if (isInconclusive(result)) return result;
  return result.data.flatMap((d, i) => {
    const norm = Math.sqrt(d.embedding.reduce((sum, x) => sum + x * x, 0));
    return Math.abs(norm - 1) <= NORM_TOLERANCE ? [] : [`data[${i}] has norm ${norm.toPrecision(6)}, not 1`];
  });
}

/** reference `dimensions`: every vector has exactly the length asked for. */
export function embeddingsDimensionsProblems(answer: Answer, dimensions: number): Judgement {
  const result = embeddingsOf(answer);
  if (isInconclusive(result)) return result;
  return result.data.flatMap((d, i) =>
    d.embedding.length === dimensions ? [] : [`reference /embeddings dimensions: asked for ${dimensions}, data[${i}] has ${d.embedding.length} numbers`],
  );
}

/** The float32 little-endian values a base64 embedding holds, or a problem. */
function decodeFloat32(text: string): number[] | string {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return 'is not base64';
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  if (bytes.length === 0 || bytes.length % 4 !== 0) return `decodes to ${bytes.length} bytes, not a whole number of float32 values`;
  const view = new DataView(bytes.buffer);
  return Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

/**
 * reference `/embeddings` `encoding_format: "base64"`: every embedding is a string, the base64 of
 * float32 little-endian values (what the OpenAI clients decode), one per input, all finite.
 *
 * @example
 * embeddingsBase64Problems(exchange, 2); // [] for two base64 vectors
 */
export function embeddingsBase64Problems(answer: Answer, inputs: number): Judgement {
  const where = 'reference /embeddings encoding_format base64';
  if (answer.status < 200 || answer.status >= 300)
    return { inconclusive: `the embeddings request was not served (HTTP ${answer.status})`, owner: 'embeddings.shape' };
  const parsed = parseOnce(Base64ResultSchema, exchangeJson(answer));
  if (!parsed.success) return { inconclusive: 'the answer is not an embeddings list', owner: 'embeddings.shape' };
  const { data } = parsed.data;
  if (data.length !== inputs) return { inconclusive: `${inputs} inputs got ${data.length} vectors`, owner: 'embeddings.shape' };
  return data.flatMap((d, i) => {
    if (typeof d.embedding !== 'string')
      return [`${where}: data[${i}].embedding must be a base64 string, got ${Array.isArray(d.embedding) ? 'an array of numbers' : typeof d.embedding}`];
    const values = decodeFloat32(d.embedding);
    if (typeof values === 'string') return [`${where}: data[${i}].embedding ${values}`];
    return values.every(Number.isFinite) ? [] : [`${where}: data[${i}].embedding holds a value that is not finite`];
  });
}
