import type { ApiKey } from '../auth/api-key.ts';
import type { ModelEndpoint } from '../catalog/model-endpoint.ts';
import type { TextModel } from '../catalog/text-model.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { PipelineStage } from '../plugins/pipeline-stage.ts';
import type { PluginEffects } from '../plugins/plugin-effects.ts';
import { answerPlugins, pluginEntry, requestPlugins } from '../plugins/run-plugins.ts';
import { approxTokens, promptTokens as countPromptTokens, type CountTokens } from '../request/prompt-tokens.ts';
import { readInput, type InputView } from '../request/read-input.ts';
import type { GatewayMetadata } from '../schemas/gateway-metadata.ts';
import { enabledPlugins, ROUTER_PLUGIN_IDS, type PluginEntry } from '../schemas/plugins.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { stableStringify } from '../random/hash.ts';
import { sessionKey } from '../state/sticky-sessions.ts';
import { applyFilters, endpointFilters, type FilterOutcome } from './endpoint-filters.ts';
import { orderCandidates } from './order-candidates.ts';
import { providerRank } from './provider-match.ts';
import { requestParameters } from './request-parameters.ts';
import { candidateContext, candidateLabel, modelCandidates, type RouteCandidate } from './route-candidate.ts';
import { routeMetadata, type MetadataParts, type RouteAttempt } from './route-metadata.ts';
import { missingCapability, requiredCapabilities } from './capabilities.ts';
import { readPreferences } from './route-preferences.ts';
import { autoBetaRouter } from './routers/auto-beta-router.ts';
import { autoRouter } from './routers/auto-router.ts';
import { fusion } from './routers/fusion.ts';
import { paretoRouter } from './routers/pareto-router.ts';
import { admitUnknownModels } from './admit-unknown-models.ts';
import { unknownModel } from './unknown-model.ts';
import { upstreamError } from './upstream-error.ts';

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
}

/** Model id that asks for auto routing without naming a model (reference `openrouter/auto`, renamed). */
export const AUTO_MODEL = 'gateway/auto';

function noEndpointError(outcomes: ReadonlyArray<{ model: TextModel; outcome: FilterOutcome }>, promptTokens: number): GatewayError {
  const first = outcomes[0];
  const emptied = first?.outcome.emptiedBy;
  if (emptied?.status === 400) {
    const maxContext = Math.max(...outcomes.flatMap((o) => o.outcome.removedByLast ?? []).map(candidateContext));
    // The real gateway's wording for an over-long prompt.
    return new GatewayError(
      400,
      `This endpoint's maximum context length is ${maxContext} tokens. However, you requested about ${promptTokens} tokens. Please reduce the length of the input, or use the context-compression plugin (engine middle-out) to compress the prompt automatically.`,
    );
  }
  const parts = outcomes.map(({ model, outcome }) =>
    outcome.emptiedBy
      ? `${model.id}: ${outcome.emptiedBy.constraint} excluded every remaining endpoint (${(outcome.removedByLast ?? []).map((c) => c.provider.slug).join(', ')})`
      : `${model.id}: no endpoint`,
  );
  return new GatewayError(404, `No endpoints found that satisfy the request. ${parts.join('; ')}`);
}

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
export function resolveRoute({ request, env, apiKey, sessionId, countTokens = approxTokens, input = readInput(request) }: RouteInput): RouteResult {
  const catalog = env.catalog;
  const pipeline: PipelineStage[] = [];
  const isByok = apiKey?.byok ?? false;
  const parts: MetadataParts = { requested: '', strategy: 'direct', isByok, pipeline };
  const failed = (error: GatewayError): RouteResult => ({ ok: false, error, metadata: routeMetadata(parts) });

  const plugins = enabledPlugins(request.plugins);
  // The preferences in full are needed only to filter and order (a remembered route skips both);
  // falling back reads two of them straight from the request, as readPreferences does.
  const allowFallbacks = request.provider?.allow_fallbacks ?? true;
  const order = request.provider?.order ?? undefined;
  const router = plugins.find((p) => (ROUTER_PLUGIN_IDS as readonly string[]).includes(p.id));
  parts.requested = request.model ?? request.models?.[0] ?? (router ? AUTO_MODEL : (catalog.models[0]?.id ?? AUTO_MODEL));
  const compression = pluginEntry(plugins, 'context-compression');
  // The one prompt count (src/request/prompt-tokens.ts): the check here and the billed usage agree.
  const promptTokens = countPromptTokens(request, countTokens, input).inputTokens;
  const parameters = requestParameters(request);
  const needs = requiredCapabilities(request);

  // A request with no plugins is routed by its models, provider preferences (its key's included),
  // parameters, needed capabilities and prompt size alone, over a catalogue that never changes:
  // the ordered endpoints are remembered for those (bounded), and only what holds state (sticky
  // sessions, programmed provider faults) runs per request.
  const cacheKey = plugins.length === 0 ? plainRouteKey(request, apiKey, parameters, needs, promptTokens) : undefined;
  const cache = cacheKey === undefined ? undefined : plainRouteCache(catalog);
  const hit = cacheKey === undefined ? undefined : cache?.get(cacheKey);
  let chain: RouteCandidate[];
  let chosenPanel: PluginEffects['panel'] | undefined;
  let screenedContext: string[] = [];
  if (hit) {
    parts.strategy = hit.strategy;
    parts.total = hit.total;
    chain = hit.chain;
  } else {
    // The catalogue decides which ids exist: the one model rule the schema cannot state.
    admitUnknownModels(env, [request.model, ...(request.models ?? [])]);
    const unknown = unknownModel(
      [
        ...(request.model !== undefined && request.model !== AUTO_MODEL ? [{ id: request.model, where: 'model' }] : []),
        ...(request.models ?? []).map((id, i) => ({ id, where: `models[${i}]` })),
      ],
      catalog.models,
    );
    if (unknown) return failed(unknown);
    const byId = (id: string) => catalog.models.find((m) => m.id === id) as TextModel;
    const named = request.model !== undefined && request.model !== AUTO_MODEL ? byId(request.model) : undefined;
    const fallbacks = (request.models ?? []).map(byId);

    // spec 2.5 moderation / spec 7 403: a guardrail runs before anything reaches a provider.
    const screened = requestPlugins(plugins, request, parts.requested, input);
    pipeline.push(...screened.stages);
    if (screened.blocked) return failed(screened.blocked);
    screenedContext = screened.context;

    // Which models, in which order (spec 1.6, 2.1 `models`, 2.5 router plugins).
    const chosen = chooseModels(router, request, input.lastUserText, catalog.models, named, fallbacks, env.seed);
    if (chosen.stage) pipeline.push(chosen.stage);
    parts.strategy = chosen.strategy;
    chosenPanel = chosen.panel;
    if (chosen.error) return failed(chosen.error);
    const distinct = chosen.models.filter((m, i) => chosen.models.indexOf(m) === i);
    if (distinct.length === 0)
      return failed(new GatewayError(404, `No model matches the ${router?.id ?? 'routing'} settings (check allowed_models / excluded_models)`));
    // Capabilities from the catalogue: a model that cannot read the input's media or write the
    // asked output modality is skipped; none left is the real gateway's 404 naming the capability.
    const models = distinct.filter((m) => missingCapability(m, needs) === undefined);
    if (models.length === 0) return failed(new GatewayError(404, `No endpoints found that support ${missingCapability(distinct[0] as TextModel, needs)}`));

    // Hard filters per model (spec 2.4); the prompt must fit unless context compression runs.
    const prefs = readPreferences(request.provider, apiKey);
    const filters = endpointFilters(prefs, {
      parameters,
      ...(compression ? {} : { promptTokens }),
    });
    const outcomes = models.map((model) => ({ model, all: modelCandidates(catalog, model), outcome: applyFilters(modelCandidates(catalog, model), filters) }));
    parts.total = outcomes.reduce((n, o) => n + o.all.length, 0);
    if (outcomes.every((o) => o.outcome.kept.length === 0)) return failed(noEndpointError(outcomes, promptTokens));

    chain = orderCandidates(
      outcomes.map((o) => o.outcome.kept),
      prefs,
    );
    if (cache && cacheKey !== undefined) {
      if (cache.size >= PLAIN_ROUTES_KEPT) cache.clear();
      cache.set(cacheKey, { strategy: parts.strategy, total: parts.total, chain });
    }
  }

  // spec 2.1 session_id: stay on the endpoint the session used while it is eligible and healthy.
  const key = sessionId !== undefined && apiKey ? sessionKey(apiKey.key, sessionId, parts.requested) : undefined;
  const stuck = key !== undefined ? env.stickySessions.get(key) : undefined;
  const stuckAt = stuck ? chain.findIndex((c) => c.model.id === stuck.model && c.provider.slug === stuck.provider) : -1;
  if (stuckAt > 0) chain = [chain[stuckAt] as RouteCandidate, ...chain.filter((_, i) => i !== stuckAt)];
  parts.available = chain;

  // spec 2.4 allow_fallbacks: false tries only the primary provider (or the `order` providers of the primary model).
  let tries = chain;
  if (!allowFallbacks) {
    const head = chain[0] as RouteCandidate;
    const listed = order ? chain.filter((c) => c.model === head.model && providerRank(c.provider, order) >= 0) : [];
    tries = listed.length > 0 && listed[0] === head ? listed : [head];
  }

  const attempts: RouteAttempt[] = [];
  parts.attempts = attempts;
  let selected: RouteCandidate | undefined;
  let lastFailure: { status: number; candidate: RouteCandidate } | undefined;
  for (const candidate of tries) {
    const status = env.providerFaults.take(candidate.provider.slug);
    if (status !== undefined) {
      attempts.push({ model: candidate.model.id, provider: candidate.provider.name, status });
      lastFailure = { status, candidate };
      continue;
    }
    attempts.push({ model: candidate.model.id, provider: candidate.provider.name, status: 200 });
    selected = candidate;
    break;
  }
  if (!selected) {
    const failure = lastFailure as { status: number; candidate: RouteCandidate };
    parts.note = allowFallbacks ? 'every endpoint failed' : 'allow_fallbacks=false';
    const metadata = routeMetadata(parts);
    return { ok: false, error: upstreamError(failure.status, failure.candidate, metadata), metadata };
  }
  parts.selected = selected;
  parts.sticky = stuckAt >= 0 && chain[0] === selected;
  if (key !== undefined) env.stickySessions.set(key, { model: selected.model.id, provider: selected.provider.slug });

  const answered = answerPlugins(plugins, request, {
    context: screenedContext,
    promptTokens,
    contextLength: candidateContext(selected),
    countTokens,
    input,
    ...(chosenPanel ? { panel: chosenPanel } : {}),
  });
  pipeline.push(...answered.stages);

  let metadata: GatewayMetadata | undefined;
  return {
    ok: true,
    decision: {
      model: selected.model,
      provider: selected.provider.slug,
      endpoint: selected.endpoint,
      // Built on first read: most requests never ask for it (the metadata header is off).
      get gatewayMetadata(): GatewayMetadata {
        return (metadata ??= routeMetadata(parts));
      },
      effects: answered.effects,
    },
  };
}

/** Routes remembered per catalogue; past this many the memory starts again. */
const PLAIN_ROUTES_KEPT = 512;

interface PlainRoute {
  strategy: string;
  total: number;
  /** Never changed in place: a sticky session reorders a copy. */
  chain: RouteCandidate[];
}

const plainRoutes = new WeakMap<object, Map<string, PlainRoute>>();

function plainRouteCache(catalog: object): Map<string, PlainRoute> {
  let cache = plainRoutes.get(catalog);
  if (!cache) plainRoutes.set(catalog, (cache = new Map()));
  return cache;
}

/** Everything a plain request's route depends on, as one string (JSON strings delimit themselves). */
function plainRouteKey(
  request: ResponsesRequest,
  apiKey: ApiKey | undefined,
  parameters: readonly string[],
  needs: { input: readonly string[]; output: readonly string[] },
  promptTokens: number,
): string {
  const models = request.models === undefined ? '-' : JSON.stringify(request.models);
  const model = request.model === undefined ? '-' : JSON.stringify(request.model);
  const provider = request.provider === undefined || request.provider === null ? '-' : stableStringify(request.provider);
  const ignored = apiKey?.ignoredProviders?.length ? JSON.stringify(apiKey.ignoredProviders) : '-';
  return `${model}|${models}|${provider}|${ignored}|${parameters.join(',')}|${needs.input.join(',')}|${needs.output.join(',')}|${promptTokens}`;
}

interface ChosenModels {
  strategy: string;
  models: TextModel[];
  stage?: PipelineStage;
  panel?: PluginEffects['panel'];
  error?: GatewayError;
}

/** The models to try, best first: a router plugin's choice, `gateway/auto`, or `model` then `models`. */
function chooseModels(
  router: PluginEntry | undefined,
  request: ResponsesRequest,
  prompt: string,
  models: readonly TextModel[],
  named: TextModel | undefined,
  fallbacks: readonly TextModel[],
  seed: number,
): ChosenModels {
  if (router?.id === 'fusion') {
    const plan = fusion(pluginEntry([router], 'fusion')!, models, prompt, seed);
    // As before routing had a strategy: a fusion that cannot form its panel reports `direct`.
    if (plan instanceof GatewayError) return { strategy: 'direct', models: [], error: plan };
    return { strategy: 'fusion', models: [plan.judge], stage: plan.stage, panel: plan.panel };
  }
  if (router?.id === 'pareto-router') {
    const r = paretoRouter(pluginEntry([router], 'pareto-router')!, models);
    if (r instanceof GatewayError) return { strategy: 'pareto', models: [], error: r };
    return { strategy: 'pareto', models: r.models, stage: r.stage };
  }
  if (router?.id === 'auto-beta-router') {
    const r = autoBetaRouter(pluginEntry([router], 'auto-beta-router')!, models);
    return { strategy: 'auto', models: r.models, stage: r.stage };
  }
  if (router?.id === 'auto-router' || request.model === AUTO_MODEL) {
    const entry = router ? pluginEntry([router], 'auto-router')! : { id: 'auto-router' as const, index: -1, config: { id: 'auto-router' as const } };
    const r = autoRouter(entry, models, request);
    return { strategy: 'auto', models: r.models, ...(router ? { stage: r.stage } : {}) };
  }
  const primary = named ?? fallbacks[0] ?? models[0];
  if (!primary) return { strategy: 'direct', models: [], error: new GatewayError(404, 'The catalogue has no text models') };
  return { strategy: fallbacks.length > 0 ? 'fallback' : 'direct', models: [primary, ...fallbacks] };
}

/** For messages and tests: `model@provider` of each endpoint in attempt order. */
export function describeChain(chain: readonly RouteCandidate[]): string[] {
  return chain.map(candidateLabel);
}
