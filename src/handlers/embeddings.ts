import { modelListing } from '../catalog/model-listing.ts';
import type { EmbeddingModel } from '../catalog/embedding-model.ts';
import { buildEmbeddings } from '../embeddings/build-embeddings.ts';
import { embeddingInputs } from '../embeddings/embedding-inputs.ts';
import { routeEmbedding } from '../embeddings/route-embedding.ts';
import { formatZodError } from '../errors/format-zod-error.ts';
import { worstUsageCost } from '../generation/usage-cost.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { loadedTokenizer, loadTokenizer } from '../generation/tokenizer.ts';
import { jsonResponse } from '../http/raw-body.ts';
import type { RequestContext, Route } from '../http/route.ts';
import { EmbeddingsRequestSchema, type EmbeddingsRequest } from '../schemas/embeddings-request.ts';
import { answerTimes } from '../timing/answer-times.ts';
import { waitForJsonAnswer } from '../timing/timed-answer.ts';
import { parseRequest } from '../validation/parse-request.ts';

/** Statuses the reference lists for createEmbeddings. */
export const EMBEDDINGS_FAULTS = [400, 401, 402, 404, 408, 413, 429, 500, 502, 503, 524, 529] as const;
/** Statuses the reference lists for listEmbeddingsModels (plus 401 of spec 5). */
export const EMBEDDINGS_MODELS_FAULTS = [400, 401, 500] as const;

function readRequest(body: unknown): EmbeddingsRequest {
  const parsed = parseRequest(EmbeddingsRequestSchema, body);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}

/** The catalogue's embedding model, or the 400 that says what `model` names instead. */
function embeddingModel(env: GatewayEnv, id: string): EmbeddingModel {
  const model = env.catalog.embeddingModels.find((m) => m.id === id);
  if (model) return model;
  const listed = env.catalog.embeddingModels.map((m) => m.id).join(', ') || 'none';
  if (env.catalog.models.some((m) => m.id === id)) {
    throw new GatewayError(400, `model: "${id}" is a text model, not an embedding model (embedding models: ${listed})`);
  }
  throw new GatewayError(400, `model: "${id}" is not a valid model ID (embedding models: ${listed})`);
}

/** The vector length to answer with: the model's, or a shorter one it allows. */
function vectorLength(model: EmbeddingModel, asked: number | undefined): number {
  if (asked === undefined || asked === model.dimensions) return model.dimensions;
  if (!model.adjustable_dimensions) throw new GatewayError(400, `dimensions: ${model.id} has a fixed ${model.dimensions} dimensions (got ${asked})`);
  if (asked > model.dimensions) throw new GatewayError(400, `dimensions: at most ${model.dimensions} for ${model.id} (got ${asked})`);
  return asked;
}

async function createEmbeddings(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const request = readRequest(await ctx.json());
  if (!ctx.apiKey) throw new GatewayError(401);
  const model = embeddingModel(env, request.model);
  const dimensions = vectorLength(model, request.dimensions);
  const tokenizer = loadedTokenizer() ?? (await loadTokenizer());
  const items = await embeddingInputs(request, model, tokenizer);
  const route = routeEmbedding({
    catalog: env.catalog,
    model,
    provider: request.provider,
    apiKey: ctx.apiKey,
    longestInputTokens: items.reduce((n, item) => Math.max(n, item.tokens), 0),
    providerFaults: env.providerFaults,
  });
  // An upstream failure carries its routing metadata (shown when the metadata header is enabled).
  if (!route.ok) throw route.error;
  const { candidate } = route;
  // docs/account.md: the answer's cost (its input tokens at the endpoint's price) is held before the work.
  const tokens = items.reduce((n, item) => n + item.tokens, 0);
  const reservation = ctx.reserve(worstUsageCost(tokens, 0, candidate.endpoint.pricing, ctx.apiKey.byok ?? false));
  const id = ctx.generationId();
  const result = await buildEmbeddings({ id, request, model, dimensions, items, pricing: candidate.endpoint.pricing, apiKey: ctx.apiKey });
  const realistic = (ctx.simulation.timing ?? env.timing.mode) === 'realistic';
  // Realistic timing: the endpoint's time to first token (an embedding has no output to stream).
  if (realistic) await waitForJsonAnswer({ clock: env.clock, timing: env.timing, endpoint: candidate.endpoint, providerName: candidate.provider.name }, 0);
  const times = answerTimes(candidate.endpoint, 0, realistic);
  reservation.settle({
    id,
    apiType: 'embeddings',
    model: model.id,
    providerName: candidate.provider.name,
    streamed: false,
    finishReason: null,
    tokensPrompt: result.usage.prompt_tokens,
    tokensCompletion: 0,
    cost: result.usage.cost,
    upstreamCost: result.usage.cost_details.upstream_inference_cost,
    isByok: result.usage.is_byok,
    createdAt: ctx.receivedAt,
    latencyMs: times.latencyMs,
    generationTimeMs: times.generationTimeMs,
    apiKey: ctx.apiKey.key,
    externalUser: request.user ?? null,
    userAgent: ctx.request.headers.get('user-agent'),
    httpReferer: ctx.request.headers.get('http-referer') ?? ctx.request.headers.get('referer'),
    origin: ctx.request.headers.get('origin'),
  });
  const body = ctx.metadataEnabled ? { ...result, gateway_metadata: route.metadata() } : result;
  return jsonResponse(body, { headers: { 'x-generation-id': id } });
}

/** reference listEmbeddingsModels: `offset` and `limit` (1 to 1000); without both, the whole list. */
function page<T>(all: readonly T[], params: URLSearchParams): T[] {
  const read = (name: string, min: number, max: number): number | undefined => {
    const raw = params.get(name);
    if (raw === null || raw === '') return undefined;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) throw new GatewayError(400, `${name}: must be an integer from ${min} to ${max} (got ${JSON.stringify(raw.slice(0, 32))})`);
    return n;
  };
  const offset = read('offset', 0, Number.MAX_SAFE_INTEGER);
  const limit = read('limit', 1, 1000);
  if (offset === undefined && limit === undefined) return all.slice();
  const from = offset ?? 0;
  return all.slice(from, from + (limit ?? 500));
}

/**
 * POST /embeddings and GET /embeddings/models (reference createEmbeddings, listEmbeddingsModels):
 * vectors from the catalogue's embedding models, routed over their provider endpoints, billed at
 * their prompt price.
 *
 * @example
 * const routes = embeddingsRoutes(env); // embeddings.create, embeddings.models.list
 */
export function embeddingsRoutes(env: GatewayEnv): Route[] {
  return [
    {
      method: 'POST',
      path: '/embeddings',
      operation: 'embeddings.create',
      auth: 'key',
      paid: true,
      faults: EMBEDDINGS_FAULTS,
      handle: (ctx) => createEmbeddings(env, ctx),
    },
    {
      method: 'GET',
      path: '/embeddings/models',
      operation: 'embeddings.models.list',
      auth: 'key',
      faults: EMBEDDINGS_MODELS_FAULTS,
      handle(ctx) {
        const models = page(env.catalog.embeddingModels, ctx.url.searchParams);
        return jsonResponse({ data: models.map((m) => modelListing(m, env.catalog, env.basePath)) });
      },
    },
  ];
}
