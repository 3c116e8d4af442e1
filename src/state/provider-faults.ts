import { GatewayError } from '../errors/gateway-error.ts';

/** Upstream statuses a provider can be told to fail with (issue 3: 502, 503, 524, 529, 408). */
export const PROVIDER_FAULT_STATUSES = [408, 429, 500, 502, 503, 524, 529] as const;

export interface ProviderFault {
  status: number;
  /** How many upcoming attempts on this provider fail; Infinity until cleared. */
  remaining: number;
}

/** Programmable provider failures: `POST /__gatewaykit/providers/<slug>/faults` and `gateway.control.failProvider`. */
export interface ProviderFaults {
  set(provider: string, status: number, count?: number): void;
  clear(provider?: string): void;
  /** Consume one failure for `provider` if one is programmed: the status it fails with. */
  take(provider: string): number | undefined;
  /** Whether `provider` currently fails (without consuming). */
  isFailing(provider: string): boolean;
  list(): Record<string, ProviderFault>;
}

export function createProviderFaults(): ProviderFaults {
  const faults = new Map<string, ProviderFault>();
  return {
    set(provider, status, count = Number.POSITIVE_INFINITY) {
      if (!(PROVIDER_FAULT_STATUSES as readonly number[]).includes(status)) {
        throw new GatewayError(400, `status: ${status} is not a provider fault status (one of ${PROVIDER_FAULT_STATUSES.join(', ')})`);
      }
      if (!(count > 0)) throw new GatewayError(400, 'count: must be a number > 0');
      faults.set(provider, { status, remaining: count });
    },
    clear(provider) {
      if (provider === undefined) faults.clear();
      else faults.delete(provider);
    },
    take(provider) {
      const f = faults.get(provider);
      if (!f) return undefined;
      f.remaining -= 1;
      if (f.remaining <= 0) faults.delete(provider);
      return f.status;
    },
    isFailing: (provider) => faults.has(provider),
    list: () => Object.fromEntries([...faults].map(([k, v]) => [k, { ...v }])),
  };
}
