import type { ApiKey } from '../auth/api-key.ts';
import type { TextModel } from '../catalog/text-model.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../gateway-env.ts';
import type { GatewayMetadata } from '../schemas/gateway-metadata.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';

/** A `url_citation` annotation on output text (web plugin). */
export interface UrlCitation {
  type: 'url_citation';
  url: string;
  title: string;
  start_index: number;
  end_index: number;
}

/** What plugins ask of generation; each member optional so the engine can ignore what it lacks. */
export interface PluginEffects {
  /** Extra context the simulated model "read" (web results, fetched pages, parsed files); shapes the reply text. */
  context: string[];
  /** web plugin: citations to attach to the output text. */
  annotations: UrlCitation[];
  /** response-healing and similar: rewrite the final output text. */
  transformOutputText?: (text: string) => string;
  /** fusion: the panel's answers the judge synthesised (shown in metadata; generation may quote them). */
  panel?: Array<{ model: string; text: string }>;
}

/** Where a request goes, and why. */
export interface RouteDecision {
  /** The catalogue model that serves the request. */
  model: TextModel;
  /** The provider slug of the chosen endpoint. */
  provider: string;
  /** The complete spec 2.6 object; the caller attaches it only when the metadata header is enabled. */
  gatewayMetadata: GatewayMetadata;
  effects: PluginEffects;
}

export interface RouteInput {
  request: ResponsesRequest;
  env: GatewayEnv;
  apiKey: ApiKey;
  /** Body `session_id`, else the `x-session-id` header (spec 2.1). */
  sessionId: string | undefined;
}

/**
 * Choose model and provider endpoint for a Responses request (spec 1.6, 2.4, 2.5), running the
 * plugins and consuming programmed provider faults. Throws GatewayError for every documented
 * failure (unknown model 404, guardrail 403, no endpoint left, upstream 502/503/524/529/408, ...),
 * with `gatewayMetadata` set on the error so error bodies can carry it.
 * PLACEHOLDER until the routing area lands: picks the requested model's first endpoint.
 */
export function resolveRoute({ request, env }: RouteInput): RouteDecision {
  const requested = request.model ?? request.models?.[0];
  const model = env.catalog.models.find((m) => m.id === requested) ?? (requested === undefined ? env.catalog.models[0] : undefined);
  if (!model) throw new GatewayError(404, `model: "${requested}" is not a model of this gateway`);
  const provider = (model.endpoints[0] as { provider: string }).provider;
  return {
    model,
    provider,
    gatewayMetadata: {
      requested: requested ?? model.id,
      strategy: 'direct',
      attempt: 1,
      endpoints: { available: [{ model: model.id, provider, selected: true }], total: 1 },
      is_byok: false,
      region: 'sim-local-1',
      summary: `Routed to ${provider}`,
      pipeline: [],
    },
    effects: { context: [], annotations: [] },
  };
}
