import type { CreditsUpdate } from '../account/account.ts';
import { SCOPE_HEADER } from '../http/scope-id.ts';
import type { ScriptRuleInput } from '../scripts/script-rule.ts';
import type { JournalEntry } from '../state/journal.ts';
import type { ProviderFault } from '../state/provider-faults.ts';
import type { ForcedFault } from './gateway-fixture.ts';

/**
 * What a test receives as `gateway` from {@link createSharedGatewayTest}: its own scope
 * (`X-Test-Id: scopeId`) of one running server that every test of the run shares. Requests sent
 * with `fetch` or `headers()` carry the scope; the controls act on it through the control API.
 */
export interface SharedGatewayFixture {
  /** The shared server's API, e.g. `http://127.0.0.1:8080/api/v1`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** This test's scope id (its `X-Test-Id`), from its file and name: unique in the run. */
  readonly scopeId: string;
  /** `fetch` relative to `baseUrl` (control paths to its origin), with this test's scope header. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Authorization, JSON content type and the scope header, merged with `extra`: a client's default headers. */
  headers(extra?: Record<string, string>): Record<string, string>;
  /** `{ 'x-test-id': scopeId }` alone, for a client that sets its own key. */
  scopeHeaders(): Record<string, string>;
  /** Request headers that force `fault` on one request. */
  forceStatus(fault: ForcedFault): Record<string, string>;
  /** Add a scripted reply seen by this test's requests only; resolves to its id. */
  script(rule: ScriptRuleInput): Promise<string>;
  /** This test's requests, oldest first (at most 1000). */
  requests(): Promise<JournalEntry[]>;
  failProvider(slug: string, status: number, count?: number): Promise<void>;
  clearProviderFaults(slug?: string): Promise<void>;
  providerFaults(): Promise<Record<string, ProviderFault>>;
  setCredits(update: CreditsUpdate): Promise<void>;
  credits(): Promise<{ total_credits: number; total_usage: number }>;
  /** Forget this test's scope (the server's clock and other tests are left alone). */
  reset(): Promise<void>;
}

/**
 * The fixture of scope `scopeId` on the server at `baseUrl`.
 *
 * @example
 * const gateway = sharedGatewayFixture('http://127.0.0.1:8080/api/v1', 'checkout.test.ts/pays~1');
 * await gateway.fetch('/models', { headers: gateway.headers() });
 */
export function sharedGatewayFixture(baseUrl: string, scopeId: string, apiKey = 'sk-gw-test'): SharedGatewayFixture {
  const origin = new URL(baseUrl).origin;
  const scope = { [SCOPE_HEADER]: scopeId };
  const send = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set(SCOPE_HEADER, scopeId);
    return fetch(path.startsWith('/__gatewaykit/') ? `${origin}${path}` : `${baseUrl}${path}`, { ...init, headers });
  };
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await send(`/__gatewaykit${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json()) as T & { error?: { message?: string } };
    if (!res.ok) throw new Error(`gatewaykit control ${method} ${path}: ${res.status} ${answer.error?.message ?? ''}`);
    return answer;
  };
  const slugPath = (slug: string) => `/providers/${encodeURIComponent(slug)}/faults`;
  return {
    baseUrl,
    apiKey,
    scopeId,
    fetch: send,
    headers: (extra = {}) => ({ authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...scope, ...extra }),
    scopeHeaders: () => ({ ...scope }),
    forceStatus: (fault) => ({ 'x-gatewaykit-fault': String(fault) }),
    script: async (rule) => (await control<{ id: string }>('POST', '/scripts', rule)).id,
    requests: async () => (await control<{ data: JournalEntry[] }>('GET', '/requests?limit=1000')).data,
    failProvider: async (slug, status, count) => void (await control('POST', slugPath(slug), { status, ...(count === undefined ? {} : { count }) })),
    clearProviderFaults: async (slug) => void (await control('DELETE', slug === undefined ? '/providers/faults' : slugPath(slug))),
    providerFaults: async () => (await control<{ data: Record<string, ProviderFault> }>('GET', '/providers/faults')).data,
    setCredits: async (update) =>
      void (await control('POST', '/credits', {
        ...(update.totalCredits === undefined ? {} : { total_credits: update.totalCredits }),
        ...(update.keyLimits ? { keys: update.keyLimits } : {}),
      })),
    credits: () => control('GET', '/credits'),
    reset: async () => void (await control('POST', '/reset')),
  };
}
