import type { GatewayEnv } from '../env/gateway-env.ts';
import { failedGenerationContent } from '../generation/text-generation-content.ts';
import type { RequestContext } from '../http/route.ts';
import { readInput } from '../request/read-input.ts';
import { resolveRoute, type RouteDecision } from '../routing/resolve-route.ts';
import type { RouteMemo } from '../routing/route-memo.ts';
import type { AdmittedRequest } from './admit-request.ts';
import type { CanonicalRequest } from './canonical-request.ts';

/** Where the request goes, and the request the model reads there. */
export interface RoutedRequest {
  readonly decision: RouteDecision;
  /** spec 2.1: the routing metadata, when the caller asked for it. */
  readonly gatewayMetadata: RouteDecision['gatewayMetadata'] | undefined;
  readonly modelId: string;
  /** The request the model reads (context compression may have shortened its input, spec 2.5). */
  readonly modelRequest: CanonicalRequest;
  readonly modelInput: ReturnType<typeof readInput>;
}

/**
 * The engine's routing stage (spec 1.6, 2.4, 2.5): the model, provider and endpoint, with the
 * plugins' effects. A request no route serves fails here, its error carrying the routing metadata
 * of the work done before (spec 2.6, 7), and its content stays readable by its generation id.
 * `routes`: the gateway's remembered routes, if it keeps them.
 */
export function routeRequest(env: GatewayEnv, admitted: AdmittedRequest, ctx: RequestContext, routes?: RouteMemo): RoutedRequest {
  const { effective, input, apiKey, sessionId, countTokens } = admitted;
  const routed = resolveRoute({ request: effective, env, apiKey, sessionId, countTokens, input, routes });
  if (!routed.ok) {
    routed.error.gatewayMetadata ??= routed.metadata;
    env.account.recordFailure({ id: ctx.generationId(), content: failedGenerationContent(instructionsOf(effective), input.turns, routed.error) });
    throw routed.error;
  }
  const decision = routed.decision;
  // context-compression (spec 2.5): the model reads, and is billed for, the compressed input.
  const modelRequest = decision.effects.input === undefined ? effective : { ...effective, input: decision.effects.input };
  return {
    decision,
    gatewayMetadata: ctx.metadataEnabled ? decision.gatewayMetadata : undefined,
    modelId: decision.model.id,
    modelRequest,
    modelInput: modelRequest === effective ? input : readInput(modelRequest),
  };
}

/** The request's instructions when they are text (the prompt's system message in stored content). */
export function instructionsOf(request: CanonicalRequest): string | undefined {
  return typeof request.instructions === 'string' ? request.instructions : undefined;
}
