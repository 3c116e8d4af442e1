import { findProvider } from '../catalog/find-provider.ts';
import type { Provider } from '../catalog/provider.ts';
import { GatewayError } from '../errors/gateway-error.ts';

/** Upstream statuses a provider can be told to fail with (the upstream failures a gateway passes on to its caller). */
export const PROVIDER_FAULT_STATUSES = [408, 429, 500, 502, 503, 524, 529] as const;

export interface ProviderFault {
  status: number;
  /** How many upcoming attempts on this provider fail; Infinity until cleared. */
  remaining: number;
}

/**
 * Programmable provider failures: `POST /__gatewaykit/providers/<slug>/faults` and
 * `gateway.control.failProvider`. `set` and `clear` take a provider's slug or the name
 * `gateway_metadata` shows, case-insensitively; faults are kept (and listed) by slug.
 */
export interface ProviderFaults {
  /** Returns the provider's slug; 404 (GatewayError) for a provider the catalogue does not have, listing the known slugs. */
  set(provider: string, status: number, count?: number): string;
  /** All faults, or those of one provider (404 when the catalogue does not have it). */
  clear(provider?: string): void;
  /** Consume one failure for `provider` if one is programmed: the status it fails with. */
  take(provider: string): number | undefined;
  /** Whether `provider` currently fails (without consuming). */
  isFailing(provider: string): boolean;
  /** How many providers have a fault programmed (0: routing consumes nothing). */
  count(): number;
  list(): Record<string, ProviderFault>;
}

/**
 * Provider faults over the catalogue's `providers`: a fault is programmed for a provider that
 * exists, so it always fires when that provider is tried.
 *
 * @example
 * const faults = createProviderFaults(catalog.providers);
 * faults.set('OpenAI', 503, 1);
 * faults.take('openai'); // 503
 */
export function createProviderFaults(providers: readonly Provider[]): ProviderFaults {
  const faults = new Map<string, ProviderFault>();
  const slugOf = (nameOrSlug: string): string => {
    const found = findProvider(providers, nameOrSlug);
    if (!found) {
      throw new GatewayError(404, `Unknown provider "${nameOrSlug}": use a slug or name of the catalogue (slugs: ${providers.map((p) => p.slug).join(', ')})`);
    }
    return found.slug;
  };
  return {
    set(nameOrSlug, status, count = Number.POSITIVE_INFINITY) {
      const provider = slugOf(nameOrSlug);
      if (!(PROVIDER_FAULT_STATUSES as readonly number[]).includes(status)) {
        throw new GatewayError(400, `status: ${status} is not a provider fault status (one of ${PROVIDER_FAULT_STATUSES.join(', ')})`);
      }
      if (!(count > 0)) throw new GatewayError(400, 'count: must be a number > 0');
      faults.set(provider, { status, remaining: count });
      return provider;
    },
    clear(provider) {
      if (provider === undefined) faults.clear();
      else faults.delete(slugOf(provider));
    },
    take(provider) {
      const f = faults.get(provider);
      if (!f) return undefined;
      f.remaining -= 1;
      if (f.remaining <= 0) faults.delete(provider);
      return f.status;
    },
    isFailing: (provider) => faults.has(provider),
    count: () => faults.size,
    list: () => Object.fromEntries([...faults].map(([k, v]) => [k, { ...v }])),
  };
}
