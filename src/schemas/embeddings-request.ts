import { z } from 'zod';
import { ProviderPreferencesSchema } from './provider-preferences.ts';

/** At most this many inputs in one request (OpenAI's limit for one embeddings call). */
export const MAX_EMBEDDING_INPUTS = 2048;

/** A token id of the tokenizer's vocabulary (reference: an array of numbers). */
const TokenIdSchema = z.number().int().min(0).max(4_294_967_295);
const TokensSchema = z.array(TokenIdSchema).min(1);

/** One part of a multimodal input (reference `createEmbeddings` content parts); text and media alike. */
export const EmbeddingContentPartSchema = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string().min(1) }),
  z.looseObject({ type: z.literal('image_url'), image_url: z.looseObject({ url: z.string().min(1) }) }),
  z.looseObject({ type: z.enum(['input_audio', 'input_video', 'input_file', 'file', 'video_url']) }),
]);
export type EmbeddingContentPart = z.infer<typeof EmbeddingContentPartSchema>;

/** One multimodal input: its parts embed together into one vector. */
export const EmbeddingMultimodalInputSchema = z.looseObject({ content: z.array(EmbeddingContentPartSchema).min(1) });

/**
 * reference `createEmbeddings` `input`: a string, an array of strings, an array of token ids, an
 * array of token arrays, or an array of multimodal inputs; one vector per item (one for a lone
 * string or token array).
 */
const EmbeddingsInputUnion = z.union(
  [
    z.string().min(1),
    z.array(z.string().min(1)).min(1).max(MAX_EMBEDDING_INPUTS),
    TokensSchema,
    z.array(TokensSchema).min(1).max(MAX_EMBEDDING_INPUTS),
    z.array(EmbeddingMultimodalInputSchema).min(1).max(MAX_EMBEDDING_INPUTS),
  ],
  { error: (issue) => (issue.input === undefined ? 'required (a string, an array of strings, an array of token ids, or an array of those)' : undefined) },
);

/** The largest token id (reference: an array of numbers; ids are unsigned 32-bit). */
const MAX_TOKEN_ID = 4_294_967_295;
const isTokenId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_TOKEN_ID;

/**
 * An array that holds numbers is token ids (or arrays of them): the first item that is not a
 * token id gets one message with the whole rule, where the union's string branch said "expected
 * string" of `[1.5]`.
 */
function checkTokenIds(input: unknown, ctx: { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void }): void {
  if (!Array.isArray(input)) return;
  const lists = input.some((v) => Array.isArray(v)) ? input.map((v, i) => [v, [i]] as const) : [[input, []] as const];
  for (const [list, at] of lists) {
    if (!Array.isArray(list) || !list.some((v) => typeof v === 'number')) continue;
    const bad = list.findIndex((v) => !isTokenId(v));
    if (bad < 0) continue;
    const got = list[bad];
    const shown = typeof got === 'string' ? JSON.stringify(got.slice(0, 40)) : typeof got === 'number' ? String(got) : got === null ? 'null' : typeof got;
    ctx.addIssue({ code: 'custom', path: [...at, bad], message: `a token id is an integer from 0 to ${MAX_TOKEN_ID} (got ${shown})` });
    return;
  }
}

/**
 * reference `createEmbeddings` `input`: a string, an array of strings, an array of token ids, an
 * array of token arrays, or an array of multimodal inputs; one vector per item (one for a lone
 * string or token array).
 */
// A transform first (it returns the input as it is): the served JSON Schema then shows the union.
export const EmbeddingsInputSchema = z
  .transform((input: unknown, ctx) => {
    checkTokenIds(input, ctx);
    return input;
  })
  .pipe(EmbeddingsInputUnion);

/**
 * The body of `POST /embeddings` (reference `createEmbeddings`): `model` and `input` required;
 * `dimensions`, `encoding_format` (`float` or `base64`), `input_type`, `provider` (the
 * preferences of spec 2.4) and `user`. Other members are ignored, as the reference sets no rule.
 *
 * @example
 * EmbeddingsRequestSchema.parse({ model: 'openai/text-embedding-3-small', input: 'hello', dimensions: 256 });
 */
export const EmbeddingsRequestSchema = z.looseObject({
  model: z.string().min(1).max(256),
  input: EmbeddingsInputSchema,
  dimensions: z.number().int().min(1).optional(),
  encoding_format: z.enum(['float', 'base64']).optional(),
  input_type: z.string().max(64).optional(),
  provider: ProviderPreferencesSchema.nullable().optional(),
  // spec 8: user at most 256 characters.
  user: z.string().max(256).optional(),
});
export type EmbeddingsRequest = z.infer<typeof EmbeddingsRequestSchema>;

/** One vector of the answer: floats, or their float32 little-endian bytes in base64. */
export const EmbeddingSchema = z.object({
  object: z.literal('embedding'),
  embedding: z.union([z.array(z.number()), z.string()]),
  index: z.number().int().min(0),
});

/** The answer of `POST /embeddings` (reference `createEmbeddings` 200). */
export const EmbeddingsResponseSchema = z.object({
  id: z.string(),
  object: z.literal('list'),
  data: z.array(EmbeddingSchema),
  model: z.string(),
  usage: z.object({
    prompt_tokens: z.number().int().min(0),
    total_tokens: z.number().int().min(0),
    cost: z.number().min(0),
    is_byok: z.boolean(),
    cost_details: z.object({
      upstream_inference_cost: z.number().nullable(),
      upstream_inference_prompt_cost: z.number(),
      upstream_inference_completions_cost: z.number(),
    }),
  }),
});
export type EmbeddingsResponse = z.infer<typeof EmbeddingsResponseSchema>;
