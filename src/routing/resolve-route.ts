import type { ApiKey } from '../auth/api-key.ts';
import type { ModelEndpoint } from '../catalog/model-endpoint.ts';
import type { TextModel } from '../catalog/text-model.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { GatewayError } from '../errors/gateway-error.ts';
import type { PipelineStage } from '../plugins/pipeline-stage.ts';
import type { PluginEffects } from '../plugins/plugin-effects.ts';
import { answerPlugins } from '../plugins/run-plugins.ts';
import { approxTokens, promptTokens as countPromptTokens, type CountTokens } from '../request/prompt-tokens.ts';
import { readInput, type InputView } from '../request/read-input.ts';
import type { GatewayMetadata } from '../schemas/gateway-metadata.ts';
import { enabledPlugins, ROUTER_PLUGIN_IDS } from '../schemas/plugins.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { stableStringify } from '../random/hash.ts';
import { sessionKey } from '../state/sticky-sessions.ts';
import { providerRank } from './provider-match.ts';
import { requestParameters } from './request-parameters.ts';
import { candidateContext, candidateLabel, type RouteCandidate } from './route-candidate.ts';
import { routeMetadata, type MetadataParts, type RouteAttempt } from './route-metadata.ts';
import { requiredCapabilities } from './capabilities.ts';
import { AUTO_MODEL, orderedRoute, type OrderedRoute, type RouteAsk } from './ordered-route.ts';
import { upstreamError } from './upstream-error.ts';
import type { RouteMemo } from './route-memo.ts';

/** Where a request goes, and why. */
export interface RouteDecision {
  /** The catalogue model that serves the request. */
  model: TextModel;
  /** The provider slug of the chosen endpoint. */
  provider: string;
  /** The chosen endpoint (pricing, quantization, latency profile). */
  endpoint: ModelEndpoint;
  /** The complete spec 2.6 object; the caller attaches it only when the metadata header is enabled. */
  gatewayMetadata: GatewayMetadata;
  effects: PluginEffects;
}

/**
 * The routing outcome as a value: the decision, or the documented error together with the
 * spec 2.6 metadata of the routing done so far (error bodies carry it when the header asks).
 */
export type RouteResult = { ok: true; decision: RouteDecision } | { ok: false; error: GatewayError; metadata: GatewayMetadata };

export interface RouteInput {
  request: ResponsesRequest;
  env: Pick<GatewayEnv, 'catalog' | 'seed' | 'stickySessions' | 'providerFaults' | 'acceptUnknownModels'> & Partial<Pick<GatewayEnv, 'clock'>>;
  apiKey: ApiKey | undefined;
  /** Body `session_id`, else the `x-session-id` header (spec 2.1). */
  sessionId: string | undefined;
  /**
   * Token counter of the prompt count (src/request/prompt-tokens.ts). The engine passes its real
   * tokenizer, so a "too long" decision and the billed `usage.input_tokens` are the same number;
   * default: ~4 characters a token.
   */
  countTokens?: CountTokens;
  /** The request's input as the engine read it once (src/request/read-input.ts); read here when not given. */
  input?: InputView;
  /** The gateway's remembered routes (route-memo.ts); none: every route is made afresh. */
  routes?: RouteMemo;
}

export { AUTO_MODEL };

/**
 * Choose model and provider endpoint for a Responses request (spec 1.6, 2.4, 2.5), running the
 * plugins and consuming programmed provider faults. Every documented failure (unknown model 400,
 * guardrail 403, no endpoint left 404, over-long input 400, pareto 404, upstream
 * 502/503/524/529/408 when no fallback is left or allowed) is a value: `{ ok: false, error,
 * metadata }`. Order of work and every rule: docs/routing.md.
 *
 * @example
 * const routed = resolveRoute({ request: { model: 'openai/gpt-5-mini', input: 'hi' }, env, apiKey, sessionId: undefined });
 * if (routed.ok) routed.decision.provider; // 'openai'
 */
export function resolveRoute({ request, env, apiKey, sessionId, countTokens = approxTokens, input = readInput(request), routes }: RouteInput): RouteResult {
  const pipeline: PipelineStage[] = [];
  const parts: MetadataParts = { requested: '', strategy: 'direct', isByok: apiKey?.byok ?? false, pipeline };
  const plugins = enabledPlugins(request.plugins);
  const router = plugins.find((p) => (ROUTER_PLUGIN_IDS as readonly string[]).includes(p.id));
  parts.requested = request.model ?? request.models?.[0] ?? (router ? AUTO_MODEL : (env.catalog.models[0]?.id ?? AUTO_MODEL));
  // The one prompt count (src/request/prompt-tokens.ts): the check here and the billed usage agree.
  const promptTokens = countPromptTokens(request, countTokens, input).inputTokens;
  const ask: RouteAsk = {
    request,
    env,
    apiKey,
    input,
    plugins,
    router,
    requested: parts.requested,
    promptTokens,
    parameters: requestParameters(request),
    needs: requiredCapabilities(request),
  };
  const ordered = rememberedRoute(ask, routes);
  pipeline.push(...ordered.stages);
  parts.strategy = ordered.strategy;
  if (ordered.total !== undefined) parts.total = ordered.total;
  if (!ordered.ok) return { ok: false, error: ordered.error, metadata: routeMetadata(parts) };

  // spec 2.1 session_id: stay on the endpoint the session used while it is eligible and healthy.
  const key = sessionId !== undefined && apiKey ? sessionKey(apiKey.key, sessionId, parts.requested) : undefined;
  const stuck = key !== undefined ? env.stickySessions.get(key) : undefined;
  let chain = ordered.chain;
  const stuckAt = stuck ? chain.findIndex((c) => c.model.id === stuck.model && c.provider.slug === stuck.provider) : -1;
  if (stuckAt > 0) chain = [chain[stuckAt] as RouteCandidate, ...chain.filter((_, i) => i !== stuckAt)];
  parts.available = chain;

  const selected = attemptEndpoints(fallbackTries(chain, ordered.allowFallbacks, ordered.order), env.providerFaults, parts);
  if (!selected.ok) {
    parts.note = ordered.allowFallbacks ? 'every endpoint failed' : 'allow_fallbacks=false';
    const metadata = routeMetadata(parts);
    return { ok: false, error: upstreamError(selected.failure.status, selected.failure.candidate, metadata), metadata };
  }
  const candidate = selected.candidate;
  parts.selected = candidate;
  parts.sticky = stuckAt >= 0 && chain[0] === candidate;
  if (key !== undefined) env.stickySessions.set(key, { model: candidate.model.id, provider: candidate.provider.slug });

  const answered = answerPlugins(plugins, request, {
    context: ordered.context,
    promptTokens,
    contextLength: candidateContext(candidate),
    countTokens,
    input,
    ...(ordered.panel ? { panel: ordered.panel } : {}),
  });
  pipeline.push(...answered.stages);

  let metadata: GatewayMetadata | undefined;
  return {
    ok: true,
    decision: {
      model: candidate.model,
      provider: candidate.provider.slug,
      endpoint: candidate.endpoint,
      // Built on first read: most requests never ask for it (the metadata header is off).
      get gatewayMetadata(): GatewayMetadata {
        return (metadata ??= routeMetadata(parts));
      },
      effects: answered.effects,
    },
  };
}

/**
 * The ordered route of `ask`, from the gateway's route memo when it keeps one. A request with no
 * plugins is ordered from its models, provider preferences (its key's included), parameters,
 * needed capabilities and prompt size alone, over the gateway's catalogue, which only grows
 * (synthesized models: its size is in the key), and the gateway's seed: such an ordering is
 * remembered whole (bounded), and only what holds state (sticky sessions, provider faults) runs
 * per request.
 */
function rememberedRoute(ask: RouteAsk, routes: RouteMemo | undefined): OrderedRoute {
  const key = routes && ask.plugins.length === 0 ? orderingKey(ask) : undefined;
  const known = key === undefined ? undefined : routes?.get(key);
  if (known) return known;
  const made = orderedRoute(ask);
  if (key !== undefined && made.ok) routes?.set(key, made);
  return made;
}

/** What {@link orderedRoute} reads of a request without plugins, as one string (JSON strings delimit themselves). */
function orderingKey({ request, apiKey, parameters, needs, promptTokens, env }: RouteAsk): string {
  const models = request.models === undefined ? '-' : JSON.stringify(request.models);
  const model = request.model === undefined ? '-' : JSON.stringify(request.model);
  const provider = request.provider === undefined || request.provider === null ? '-' : stableStringify(request.provider);
  const ignored = apiKey?.ignoredProviders?.length ? JSON.stringify(apiKey.ignoredProviders) : '-';
  const wants = `${parameters.join(',')}|${needs.input.join(',')}|${needs.output.join(',')}`;
  return `${model}|${models}|${provider}|${ignored}|${wants}|${promptTokens}|${env.catalog.models.length}`;
}

/** spec 2.4 allow_fallbacks: false tries only the primary provider (or the `order` providers of the primary model). */
function fallbackTries(chain: RouteCandidate[], allowFallbacks: boolean, order: readonly string[] | undefined): RouteCandidate[] {
  if (allowFallbacks) return chain;
  const head = chain[0] as RouteCandidate;
  const listed = order ? chain.filter((c) => c.model === head.model && providerRank(c.provider, order) >= 0) : [];
  return listed.length > 0 && listed[0] === head ? listed : [head];
}

type Attempted = { ok: true; candidate: RouteCandidate } | { ok: false; failure: { status: number; candidate: RouteCandidate } };

/** Each endpoint in turn until one is not failed by a programmed provider fault (each consumed as it fails); the attempts go to `parts`. */
function attemptEndpoints(tries: readonly RouteCandidate[], faults: RouteInput['env']['providerFaults'], parts: MetadataParts): Attempted {
  const attempts: RouteAttempt[] = [];
  parts.attempts = attempts;
  let lastFailure: { status: number; candidate: RouteCandidate } | undefined;
  for (const candidate of tries) {
    const status = faults.take(candidate.provider.slug);
    attempts.push({ model: candidate.model.id, provider: candidate.provider.name, status: status ?? 200 });
    if (status === undefined) return { ok: true, candidate };
    lastFailure = { status, candidate };
  }
  return { ok: false, failure: lastFailure as { status: number; candidate: RouteCandidate } };
}

/** For messages and tests: `model@provider` of each endpoint in attempt order. */
export function describeChain(chain: readonly RouteCandidate[]): string[] {
  return chain.map(candidateLabel);
}
