import type { GatewayEnv } from '../env/gateway-env.ts';
import { pickMediaEndpoint, type MediaEndpoint, type MediaPreferences } from '../routing/pick-media-endpoint.ts';

/**
 * The endpoint that answers a media request (images, speech, rerank), picked by the request's
 * provider preferences and the programmed provider faults, with the provider's display name.
 *
 * @example
 * const { endpoint, providerName } = mediaEndpoint(env, model, request.provider);
 */
export function mediaEndpoint<E extends MediaEndpoint>(
  env: Pick<GatewayEnv, 'providerFaults' | 'catalog'>,
  model: { readonly id: string; readonly endpoints: readonly E[] },
  preferences: MediaPreferences | null | undefined,
): { endpoint: E; providerName: string } {
  const endpoint = pickMediaEndpoint({
    modelId: model.id,
    endpoints: model.endpoints,
    preferences,
    faults: env.providerFaults,
    providers: env.catalog.providers,
  });
  const providerName = env.catalog.providers.find((p) => p.slug === endpoint.provider)?.name ?? endpoint.provider_name;
  return { endpoint, providerName };
}
