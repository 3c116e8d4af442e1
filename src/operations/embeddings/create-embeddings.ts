import { isByokRequest } from '../../management/byok-for-request.ts';
import { buildEmbeddings } from '../../embeddings/build-embeddings.ts';
import { embeddingInputs } from '../../embeddings/embedding-inputs.ts';
import { routeEmbedding } from '../../embeddings/route-embedding.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { answerTimes } from '../../timing/answer-times.ts';
import { waitForJsonAnswer } from '../../timing/timed-answer.ts';
import { readJsonRequest } from '../read-json-request.ts';
import { worstUsageCost } from '../../generation/usage-cost.ts';
import { recordEmbeddings } from './billing.ts';
import { EmbeddingsRequestSchema, embeddingModel, vectorLength } from './request.ts';
import { realisticTiming } from '../../timing/realistic-timing.ts';

/**
 * POST /embeddings (reference createEmbeddings): the request validated, routed over the model's
 * provider endpoints (with their faults), answered, timed and billed.
 *
 * @example
 * const answer = await createEmbeddings(env, ctx);
 */
export async function createEmbeddings(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const request = await readJsonRequest(ctx, EmbeddingsRequestSchema);
  if (!ctx.apiKey) throw new GatewayError(401);
  const model = embeddingModel(env, request.model);
  const dimensions = vectorLength(model, request.dimensions);
  const tokenizer = env.tokenizerView(loadedTokenizer() ?? (await loadTokenizer()));
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
  const byok = isByokRequest(env.management, ctx.apiKey, candidate.provider.slug, model.id);
  const reservation = ctx.reserve(worstUsageCost(tokens, 0, candidate.endpoint.pricing, byok));
  const id = ctx.generationId();
  const result = await buildEmbeddings({ id, request, model, dimensions, items, pricing: candidate.endpoint.pricing, byok });
  const realistic = realisticTiming(ctx.simulation, env.timing);
  // Realistic timing: the endpoint's time to first token (an embedding has no output to stream).
  if (realistic) await waitForJsonAnswer({ clock: env.clock, timing: env.timing, endpoint: candidate.endpoint, providerName: candidate.provider.name }, 0);
  const times = answerTimes(candidate.endpoint, 0, realistic);
  recordEmbeddings(ctx, reservation, ctx.apiKey, request, { id, model: model.id, providerName: candidate.provider.name, usage: result.usage, times });
  const body = ctx.metadataEnabled ? { ...result, gateway_metadata: route.metadata() } : result;
  return jsonResponse(body, { headers: { 'x-generation-id': id } });
}
