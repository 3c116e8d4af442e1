import type { ApiKey } from '../auth/api-key.ts';
import type { ModelEndpoint } from '../catalog/model-endpoint.ts';
import type { TextModel } from '../catalog/text-model.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { GatewayMetadata } from '../schemas/gateway-metadata.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { applyFilters, endpointFilters, type FilterOutcome } from './endpoint-filters.ts';
import { approxTokens, inputFiles, lastUserText, requestTexts, requestTokens, type CountTokens } from '../request/input-text.ts';
import { orderCandidates } from './order-candidates.ts';
import { autoBetaRouter } from './routers/auto-beta-router.ts';
import { autoRouter } from './routers/auto-router.ts';
import { contextCompression } from '../plugins/context-compression.ts';
import { fileParser } from '../plugins/file-parser.ts';
import { fusion } from './routers/fusion.ts';
import { moderate } from '../plugins/moderation.ts';
import { paretoRouter } from './routers/pareto-router.ts';
import type { PipelineStage } from '../plugins/pipeline-stage.ts';
import type { PluginId } from '../schemas/plugins.ts';
import { readPlugins, type PluginEntry } from '../plugins/read-plugins.ts';
import { responseHealing } from '../plugins/response-healing.ts';
import { webFetch } from '../plugins/web-fetch.ts';
import { webSearch } from '../plugins/web-search.ts';
import { providerRank } from './provider-match.ts';
import { requestParameters } from './request-parameters.ts';
import { candidateContext, candidateLabel, modelCandidates, type RouteCandidate } from './route-candidate.ts';
import { routeMetadata, type MetadataParts, type RouteAttempt } from './route-metadata.ts';
import { readPreferences } from './route-preferences.ts';
import { sessionKey } from '../state/sticky-sessions.ts';
import { upstreamError } from './upstream-error.ts';

/** A `url_citation` annotation on output text (web plugin). */
export interface UrlCitation {
  type: 'url_citation';
  url: string;
  title: string;
  start_index: number;
  end_index: number;
}

/** A source the web plugin found; generation cites it as a `url_citation` annotation. */
export interface WebCitation {
  url: string;
  title: string;
}

/**
 * What plugins ask of generation; each member optional so the engine can ignore what it lacks.
 * Citations (web plugin) are sources, not offsets: the engine writes them into the reply text and
 * computes each `url_citation`'s offsets on the text it actually sends (after any budget cut).
 */
export interface PluginEffects {
  /** Extra context the simulated model "read" (web results, fetched pages, parsed files); shapes the reply text. */
  context: string[];
  /** web plugin: the sources to cite (none when `text.format` asks for JSON: a Sources line would break it). */
  citations: WebCitation[];
  /** response-healing and similar: rewrite the final output text. */
  transformOutputText?: (text: string) => string;
  /** fusion: the panel's answers the judge synthesised (shown in metadata; generation may quote them). */
  panel?: Array<{ model: string; text: string }>;
  /** context-compression: the input after middle-out compression (generate from this when set). */
  input?: ResponsesRequest['input'];
}

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

export interface RouteInput {
  request: ResponsesRequest;
  env: GatewayEnv;
  apiKey: ApiKey | undefined;
  /** Body `session_id`, else the `x-session-id` header (spec 2.1). */
  sessionId: string | undefined;
  /**
   * Token counter for context-length decisions. The engine passes its real tokenizer so that a
   * "too long" decision and the billed `usage.input_tokens` agree; default: ~4 characters a token.
   */
  countTokens?: CountTokens;
}

/** Model id that asks for auto routing without naming a model (reference `openrouter/auto`, renamed). */
export const AUTO_MODEL = 'gateway/auto';

function wantsJson(request: ResponsesRequest): boolean {
  const t = (request as { text?: { format?: { type?: unknown } } }).text?.format?.type;
  return t === 'json_object' || t === 'json_schema';
}

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
 * plugins and consuming programmed provider faults. Throws GatewayError for every documented
 * failure (unknown model 400, guardrail 403, no endpoint left 404, over-long input 400, pareto
 * 404, upstream 502/503/524/529/408 when no fallback is left or allowed), with `gatewayMetadata`
 * set on the error so error bodies can carry it. Order of work and every rule: docs/routing.md.
 *
 * @example
 * const decision = resolveRoute({ request: { model: 'openai/gpt-5-mini', input: 'hi' }, env, apiKey, sessionId: undefined });
 * decision.provider; // 'openai'
 */
export function resolveRoute({ request, env, apiKey, sessionId, countTokens = approxTokens }: RouteInput): RouteDecision {
  const catalog = env.catalog;
  const pipeline: PipelineStage[] = [];
  const isByok = apiKey?.byok ?? false;
  const parts: MetadataParts = { requested: '', strategy: 'direct', isByok, pipeline };
  const fail = (err: GatewayError): never => {
    err.gatewayMetadata ??= routeMetadata(parts) as Record<string, unknown>;
    throw err;
  };
  try {
    return route();
  } catch (e) {
    if (e instanceof GatewayError) fail(e);
    throw e;
  }

  function route(): RouteDecision {
    const plugins = readPlugins((request as { plugins?: unknown }).plugins);
    const plugin = (id: PluginId): PluginEntry | undefined => plugins.find((p) => p.id === id);
    const prefs = readPreferences((request as { provider?: unknown }).provider, apiKey);

    const router = plugins.find((p) => p.id === 'auto-router' || p.id === 'auto-beta-router' || p.id === 'pareto-router' || p.id === 'fusion');
    parts.requested = request.model ?? request.models?.[0] ?? (router ? AUTO_MODEL : (catalog.models[0]?.id ?? AUTO_MODEL));
    const findModel = (id: string, where: string): TextModel => {
      const m = catalog.models.find((x) => x.id === id);
      if (!m) throw new GatewayError(400, `${where}: "${id}" is not a valid model ID`);
      return m;
    };
    const named = request.model !== undefined && request.model !== AUTO_MODEL ? findModel(request.model, 'model') : undefined;
    const fallbacks = (request.models ?? []).map((id, i) => findModel(id, `models[${i}]`));

    // spec 2.5 moderation / spec 7 403: a guardrail runs before anything reaches a provider.
    if (plugin('moderation')) {
      const result = moderate(requestTexts(request));
      pipeline.push(result.stage);
      if (result.flagged) {
        throw new GatewayError(403, `Input was flagged by moderation for ${result.flagged.reasons.join(', ')}`, {
          metadata: {
            reasons: result.flagged.reasons,
            flagged_input: result.flagged.flagged_input,
            provider_name: 'Gatewaykit Moderation',
            model_slug: parts.requested,
            patterns: result.flagged.patterns,
          },
        });
      }
    }

    const context: string[] = [];
    const fileEntry = plugin('file-parser');
    if (fileEntry) {
      const parsed = fileParser(fileEntry, inputFiles(request.input));
      pipeline.push(parsed.stage);
      context.push(...parsed.context);
    }

    // Which models, in which order (spec 1.6, 2.1 `models`, 2.5 router plugins).
    let models: TextModel[];
    let panel: PluginEffects['panel'];
    if (router?.id === 'fusion') {
      const plan = fusion(router, catalog.models, lastUserText(request.input), env.seed);
      pipeline.push(plan.stage);
      models = [plan.judge];
      panel = plan.panel;
      parts.strategy = 'fusion';
    } else if (router?.id === 'pareto-router') {
      parts.strategy = 'pareto';
      const r = paretoRouter(router, catalog.models);
      pipeline.push(r.stage);
      models = r.models;
    } else if (router?.id === 'auto-beta-router') {
      parts.strategy = 'auto';
      const r = autoBetaRouter(router, catalog.models);
      pipeline.push(r.stage);
      models = r.models;
    } else if (router?.id === 'auto-router' || request.model === AUTO_MODEL) {
      parts.strategy = 'auto';
      const r = autoRouter(router ?? { id: 'auto-router', index: -1, config: {} }, catalog.models, request);
      if (router) pipeline.push(r.stage);
      models = r.models;
    } else {
      const primary = named ?? fallbacks[0] ?? catalog.models[0];
      if (!primary) throw new GatewayError(404, 'The catalogue has no text models');
      models = [primary, ...fallbacks];
      parts.strategy = fallbacks.length > 0 ? 'fallback' : 'direct';
    }
    models = models.filter((m, i) => models.indexOf(m) === i);
    if (models.length === 0) throw new GatewayError(404, `No model matches the ${router?.id ?? 'routing'} settings (check allowed_models / excluded_models)`);

    // Hard filters per model (spec 2.4); the prompt must fit unless context compression runs.
    const compression = plugin('context-compression');
    const promptTokens = requestTokens(request, countTokens);
    const filters = endpointFilters(prefs, {
      parameters: requestParameters(request),
      ...(compression ? {} : { promptTokens }),
    });
    const outcomes = models.map((model) => ({ model, all: modelCandidates(catalog, model), outcome: applyFilters(modelCandidates(catalog, model), filters) }));
    parts.total = outcomes.reduce((n, o) => n + o.all.length, 0);
    if (outcomes.every((o) => o.outcome.kept.length === 0)) throw noEndpointError(outcomes, promptTokens);

    let chain = orderCandidates(
      outcomes.map((o) => o.outcome.kept),
      prefs,
    );

    // spec 2.1 session_id: stay on the endpoint the session used while it is eligible and healthy.
    const key = sessionId !== undefined && apiKey ? sessionKey(apiKey.key, sessionId, parts.requested) : undefined;
    const stuck = key !== undefined ? env.stickySessions.get(key) : undefined;
    const stuckAt = stuck ? chain.findIndex((c) => c.model.id === stuck.model && c.provider.slug === stuck.provider) : -1;
    if (stuckAt > 0) chain = [chain[stuckAt] as RouteCandidate, ...chain.filter((_, i) => i !== stuckAt)];
    parts.available = chain;

    // spec 2.4 allow_fallbacks: false tries only the primary provider (or the `order` providers of the primary model).
    let tries = chain;
    if (!prefs.allowFallbacks) {
      const head = chain[0] as RouteCandidate;
      const listed = prefs.order ? chain.filter((c) => c.model === head.model && providerRank(c.provider, prefs.order ?? []) >= 0) : [];
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
      parts.note = prefs.allowFallbacks ? 'every endpoint failed' : 'allow_fallbacks=false';
      throw upstreamError(failure.status, failure.candidate, routeMetadata(parts) as Record<string, unknown>);
    }
    parts.selected = selected;
    parts.sticky = stuckAt >= 0 && chain[0] === selected;
    if (key !== undefined) env.stickySessions.set(key, { model: selected.model.id, provider: selected.provider.slug });

    const effects: PluginEffects = { context, citations: [] };
    if (panel) effects.panel = panel;
    if (compression) {
      const instructions = (request as { instructions?: unknown }).instructions;
      const r = contextCompression(compression, request, promptTokens, candidateContext(selected), typeof instructions === 'string' ? countTokens(instructions) : 0, countTokens);
      pipeline.push(r.stage);
      if (r.input !== undefined) effects.input = r.input;
    }
    const web = plugin('web');
    if (web) {
      const r = webSearch(web, lastUserText(request.input));
      pipeline.push(r.stage);
      context.push(...r.context);
      if (!wantsJson(request)) effects.citations = r.citations;
    }
    const fetchEntry = plugin('web-fetch');
    if (fetchEntry) {
      const r = webFetch(fetchEntry, requestTexts(request));
      pipeline.push(r.stage);
      context.push(...r.context);
    }
    const healing = plugin('response-healing');
    if (healing) {
      const r = responseHealing(request);
      pipeline.push(r.stage);
      if (r.transformOutputText) effects.transformOutputText = r.transformOutputText;
    }

    return {
      model: selected.model,
      provider: selected.provider.slug,
      endpoint: selected.endpoint,
      gatewayMetadata: routeMetadata(parts),
      effects,
    };
  }
}

/** For messages and tests: `model@provider` of each endpoint in attempt order. */
export function describeChain(chain: readonly RouteCandidate[]): string[] {
  return chain.map(candidateLabel);
}
