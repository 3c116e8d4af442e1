import type { Provider } from '../catalog/provider.ts';
import { documentedStatus } from '../errors/documented-statuses.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { FORCED_RETRY_AFTER_MS } from '../errors/retry-after.ts';
import type { ProviderFaults } from '../state/provider-faults.ts';

/** What the router needs of a media model's endpoint (image, rerank, speech). */
export interface MediaEndpoint {
  readonly provider: string;
  readonly provider_name: string;
}

/** The provider preferences a media request may carry (reference `ImageGenerationProviderPreferences`, `ProviderPreferences`). */
export interface MediaPreferences {
  readonly only?: readonly string[] | null | undefined;
  readonly ignore?: readonly string[] | null | undefined;
  readonly order?: readonly string[] | null | undefined;
  readonly allow_fallbacks?: boolean | null | undefined;
}

export interface MediaRouteInput<E extends MediaEndpoint> {
  readonly modelId: string;
  readonly endpoints: readonly E[];
  readonly preferences: MediaPreferences | null | undefined;
  readonly faults: ProviderFaults;
  readonly providers: readonly Provider[];
}

/** Whether `endpoint` is named by one of `names` (a slug or a display name, any case). */
function named(endpoint: MediaEndpoint, names: readonly string[]): number {
  const slug = endpoint.provider.toLowerCase();
  const name = endpoint.provider_name.toLowerCase();
  return names.findIndex((n) => n.toLowerCase() === slug || n.toLowerCase() === name);
}

/**
 * The endpoint of a media model that answers (spec 2.4, applied to media models): `only` and
 * `ignore` filter, `order` puts the listed endpoints first, then each is tried in turn; a
 * programmed provider fault (control API) moves on to the next unless `allow_fallbacks` is false.
 * Throws the documented 404 when preferences leave no endpoint, or the upstream status when every
 * attempt failed (a provider 500 surfaces as 502).
 *
 * @example
 * pickMediaEndpoint({ modelId: 'openai/gpt-image-1', endpoints, preferences: { order: ['azure'] }, faults, providers }).provider; // 'azure'
 */
export function pickMediaEndpoint<E extends MediaEndpoint>(input: MediaRouteInput<E>): E {
  const prefs = input.preferences ?? {};
  let kept = input.endpoints.filter(
    (e) => (!prefs.only || prefs.only.length === 0 || named(e, prefs.only) >= 0) && (!prefs.ignore || named(e, prefs.ignore) < 0),
  );
  if (kept.length === 0) {
    const all = input.endpoints.map((e) => e.provider).join(', ');
    throw new GatewayError(404, `No endpoints found that satisfy the request. ${input.modelId}: provider preferences excluded every endpoint (${all})`);
  }
  const order = prefs.order ?? [];
  if (order.length > 0) {
    const rank = (e: E) => {
      const at = named(e, order);
      return at < 0 ? order.length : at;
    };
    kept = kept
      .map((e, i) => ({ e, i }))
      .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
      .map((x) => x.e);
  }
  const tries = prefs.allow_fallbacks === false ? kept.slice(0, 1) : kept;
  let failed: { status: number; endpoint: E } | undefined;
  for (const endpoint of tries) {
    const status = input.faults.take(endpoint.provider);
    if (status === undefined) return endpoint;
    failed = { status, endpoint };
  }
  const { status, endpoint } = failed as { status: number; endpoint: E };
  const surfaced = status === 500 ? 502 : status;
  const name = input.providers.find((p) => p.slug === endpoint.provider)?.name ?? endpoint.provider_name;
  const raw = JSON.stringify({ error: { code: status, message: `simulated upstream failure of ${endpoint.provider}`, type: 'upstream_error' } });
  return failWith(surfaced, `Provider returned error (${name}, ${input.modelId})`, { provider_name: name, model_slug: input.modelId, raw });
}

function failWith(status: number, message: string, metadata: Record<string, unknown>): never {
  throw new GatewayError(status, message, {
    metadata,
    ...(documentedStatus(status)?.retryAfterSeconds !== undefined ? { retryAfterMs: FORCED_RETRY_AFTER_MS } : {}),
  });
}
