import type { ApiKey } from '../auth/api-key.ts';
import type { TextModel } from '../catalog/text-model.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { PipelineStage } from '../plugins/pipeline-stage.ts';
import type { PluginEffects } from '../plugins/plugin-effects.ts';
import { pluginEntry, requestPlugins } from '../plugins/run-plugins.ts';
import type { InputView } from '../request/read-input.ts';
import type { PluginEntry } from '../schemas/plugins.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { admitUnknownModels } from './admit-unknown-models.ts';
import { missingCapability, type requiredCapabilities } from './capabilities.ts';
import { applyFilters, endpointFilters, type FilterOutcome } from './endpoint-filters.ts';
import { orderCandidates } from './order-candidates.ts';
import { candidateContext, modelCandidates, type RouteCandidate } from './route-candidate.ts';
import { readPreferences } from './route-preferences.ts';
import { autoBetaRouter } from './routers/auto-beta-router.ts';
import { autoRouter } from './routers/auto-router.ts';
import { fusion } from './routers/fusion.ts';
import { paretoRouter } from './routers/pareto-router.ts';
import { unknownModel } from './unknown-model.ts';

/** Model id that asks for auto routing without naming a model (reference `openrouter/auto`, renamed). */
export const AUTO_MODEL = 'gateway/auto';

/** What a request asks of routing before any endpoint is tried. */
export interface RouteAsk {
  readonly request: ResponsesRequest;
  readonly env: Pick<GatewayEnv, 'catalog' | 'seed' | 'acceptUnknownModels'> & Partial<Pick<GatewayEnv, 'clock'>>;
  readonly apiKey: ApiKey | undefined;
  readonly input: InputView;
  readonly plugins: PluginEntry[];
  /** The router plugin among `plugins`, if any. */
  readonly router: PluginEntry | undefined;
  readonly requested: string;
  /** The one prompt count (src/request/prompt-tokens.ts). */
  readonly promptTokens: number;
  readonly parameters: readonly string[];
  readonly needs: ReturnType<typeof requiredCapabilities>;
}

/** The routing metadata the ordering makes: the strategy, the endpoints before filtering, the stages it ran. */
interface RouteSoFar {
  readonly strategy: string;
  readonly total?: number;
  readonly stages: readonly PipelineStage[];
}

/** The endpoints to try, best first, with what falling back and the answer plugins need; or the refusal. */
export type OrderedRoute = RouteSoFar &
  (
    | {
        readonly ok: true;
        /** Never changed in place: a sticky session reorders a copy. */
        readonly chain: RouteCandidate[];
        readonly allowFallbacks: boolean;
        readonly order: readonly string[] | undefined;
        /** Context the request plugins found (file-parser), for the answer plugins. */
        readonly context: readonly string[];
        readonly panel: PluginEffects['panel'] | undefined;
      }
    | { readonly ok: false; readonly error: GatewayError }
  );

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
 * The ordering part of routing (spec 1.6, 2.4, 2.5; docs/routing.md): unknown models (the
 * catalogue rule), the request plugins (moderation, file-parser), the models a router or
 * `model`/`models` name, capabilities, the endpoint filters and their order. A function of what
 * it is asked and of the gateway's seed and catalogue only: what holds state (sticky sessions,
 * provider faults) comes after it (resolve-route.ts).
 *
 * @example
 * const ordered = orderedRoute(ask);
 * if (ordered.ok) ordered.chain[0]; // the first endpoint to try
 */
export function orderedRoute(ask: RouteAsk): OrderedRoute {
  const { request, env, apiKey, input, plugins, router, promptTokens, parameters, needs } = ask;
  const catalog = env.catalog;
  const stages: PipelineStage[] = [];
  let strategy = 'direct';
  const failed = (error: GatewayError, total?: number): OrderedRoute => ({ ok: false, error, strategy, stages, ...(total === undefined ? {} : { total }) });
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
  const screened = requestPlugins(plugins, request, ask.requested, input);
  stages.push(...screened.stages);
  if (screened.blocked) return failed(screened.blocked);

  // Which models, in which order (spec 1.6, 2.1 `models`, 2.5 router plugins).
  const chosen = chooseModels(router, request, input.lastUserText, catalog.models, named, fallbacks, env.seed);
  if (chosen.stage) stages.push(chosen.stage);
  strategy = chosen.strategy;
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
  const compression = pluginEntry(plugins, 'context-compression');
  const filters = endpointFilters(prefs, { parameters, ...(compression ? {} : { promptTokens }) });
  const outcomes = models.map((model) => ({ model, all: modelCandidates(catalog, model), outcome: applyFilters(modelCandidates(catalog, model), filters) }));
  const total = outcomes.reduce((n, o) => n + o.all.length, 0);
  if (outcomes.every((o) => o.outcome.kept.length === 0)) return failed(noEndpointError(outcomes, promptTokens), total);
  const chain = orderCandidates(
    outcomes.map((o) => o.outcome.kept),
    prefs,
  );
  return { ok: true, strategy, total, stages, chain, allowFallbacks: prefs.allowFallbacks, order: prefs.order, context: screened.context, panel: chosen.panel };
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
