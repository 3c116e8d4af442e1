import type { ResponsesRequest } from '../schemas/responses-request.ts';

/** Request fields the gateway consumes itself and does not forward to the provider. */
const GATEWAY_ONLY = ['models', 'plugins', 'provider', 'session_id', 'debug', 'route', 'trace', 'stream', 'safety_identifier'];

/**
 * spec 6.3: "the transformed upstream request body" of the debug chunk: the request as the
 * simulated gateway forwards it: routing fields removed, the routed model named, streaming on.
 * (`safety_identifier` is never forwarded raw, spec 2.1.)
 */
export function upstreamBody(request: ResponsesRequest, modelId: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request as Record<string, unknown>)) {
    if (!GATEWAY_ONLY.includes(key) && value !== undefined) out[key] = value;
  }
  return { ...out, model: modelId, stream: true };
}
