import type { OperationHandlers } from '../operation.ts';
import { isByokRequest } from '../../management/byok-for-request.ts';
import { byokCharge } from '../../generation/usage-cost.ts';
import type { RerankModel } from '../../catalog/rerank-model.ts';
import { ModelEndpointSchema } from '../../catalog/model-endpoint.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { mediaEndpoint } from '../media-endpoint.ts';
import { requestRecordFields } from '../request-record-fields.ts';
import { answerTimes } from '../../timing/answer-times.ts';
import { waitForJsonAnswer } from '../../timing/timed-answer.ts';
import { rerankCost, searchUnits } from './billing.ts';
import { rankDocuments } from './relevance.ts';
import { readRerankRequest, type RerankRequest } from './request.ts';
import { rerankBody } from './response.ts';
import { realisticTiming } from '../../timing/realistic-timing.ts';

/** The catalogue's rerank model, or the 400 that says what `model` names instead. */
function rerankModel(env: GatewayEnv, id: string): RerankModel {
  const model = env.catalog.rerankModels.find((m) => m.id === id);
  if (model) return model;
  const listed = env.catalog.rerankModels.map((m) => m.id).join(', ') || 'none';
  const known = env.catalog.models.some((m) => m.id === id) || env.catalog.embeddingModels.some((m) => m.id === id);
  throw new GatewayError(400, `model: "${id}" is ${known ? 'not a rerank model' : 'not a valid model ID'} (rerank models: ${listed})`);
}

function documentText(doc: RerankRequest['documents'][number]): string {
  return typeof doc === 'string' ? doc : (doc.text ?? '');
}

async function createRerank(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const request = readRerankRequest(await ctx.json());
  const apiKey = ctx.apiKey;
  if (!apiKey) throw new GatewayError(401);
  const model = rerankModel(env, request.model);
  if (request.documents.length > model.max_documents) {
    throw new GatewayError(400, `documents: ${model.id} reranks at most ${model.max_documents} documents per request (got ${request.documents.length})`);
  }
  const { endpoint, providerName } = mediaEndpoint(env, model, request.provider);
  const tokenizer = env.tokenizerView(loadedTokenizer() ?? (await loadTokenizer()));
  const documentTokens = request.documents.map((d) => tokenizer.count(documentText(d)));
  const totalTokens = tokenizer.count(request.query) + documentTokens.reduce((n, t) => n + t, 0);
  const units = searchUnits(model, documentTokens);
  // docs/byok.md: a credential of the key's workspace for this provider makes the cost the gateway fee.
  const byok = isByokRequest(env.management, apiKey, endpoint.provider, model.id);
  const charge = byokCharge(rerankCost(units, endpoint.price_per_search_unit), byok);
  const usage = { search_units: units, total_tokens: totalTokens, cost: charge.cost };
  const realistic = realisticTiming(ctx.simulation, env.timing);
  const timed = ModelEndpointSchema.parse({ provider: endpoint.provider, pricing: { prompt: '0', completion: '0' }, latency: endpoint.latency });
  if (realistic) await waitForJsonAnswer({ clock: env.clock, timing: env.timing, endpoint: timed, providerName }, 0);
  // reference `top_n`: the most relevant documents only; without it, every document.
  const ranked = rankDocuments(request.query, request.documents).slice(0, request.top_n ?? request.documents.length);
  const id = ctx.generationId();
  const times = answerTimes(timed, 0, realistic);
  env.account.recordGeneration({
    id,
    apiType: 'rerank',
    model: model.id,
    providerName,
    streamed: false,
    finishReason: null,
    tokensPrompt: totalTokens,
    tokensCompletion: 0,
    cost: usage.cost,
    upstreamCost: charge.upstreamCost,
    isByok: byok,
    ...requestRecordFields(ctx, apiKey.key, times),
  });
  return jsonResponse(rerankBody({ id, model: model.id, provider: providerName, ranked, documents: request.documents, usage }), {
    headers: { 'x-generation-id': id },
  });
}

/** The rerank operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({ 'rerank.create': (ctx) => createRerank(env, ctx) });
