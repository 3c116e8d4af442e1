import type { CreditsUpdate } from '../account/account.ts';
import type { RequestHandler } from 'msw';
import type { Gateway } from '../gateway/create-gateway.ts';
import type { ScriptEntry, ScriptHandle } from '../scripts/script-registry.ts';
import type { ScriptRule, ScriptRuleInput } from '../scripts/script-rule.ts';
import type { JournalEntry } from '../state/journal.ts';
import type { ProviderFault } from '../state/provider-faults.ts';

/** A documented status, or a failure after the stream's headers were sent (`X-Gatewaykit-Fault`). */
export type ForcedFault = number | 'stream-error' | 'stream-cut';

/**
 * What a test receives as `gateway`: a fresh simulated gateway reachable at its own base URL
 * through the real `fetch` (msw in-process, or a real port), plus helpers for its clock and faults.
 */
export interface GatewayFixture {
  /** e.g. `http://t1x2y3.gateway.test/api/v1` (msw) or `http://127.0.0.1:PORT/api/v1` (http). */
  readonly baseUrl: string;
  /** The demo key with ample credits, `sk-gw-test`. */
  readonly apiKey: string;
  /** The simulator core of this test (handlers, control, env). */
  readonly core: Gateway;
  /** `fetch` relative to `baseUrl` through the global fetch: `gateway.fetch('/responses', init)`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Authorization + JSON content type, merged with `extra`. */
  headers(extra?: Record<string, string>): Record<string, string>;
  /** Request headers that force `fault` on one request (spec 7 statuses, or a broken stream). */
  forceStatus(fault: ForcedFault): Record<string, string>;
  /** Move the (virtual) clock forward; video jobs progress and timers fire. */
  advance(ms: number): Promise<void>;
  /** The gateway clock reading, ms. */
  now(): number;
  /** Make the next `count` attempts (default: all) on provider `slug` fail with `status`. */
  failProvider(slug: string, status: number, count?: number): void;
  clearProviderFaults(slug?: string): void;
  providerFaults(): Record<string, ProviderFault>;
  /** Set the account's credits and keys' spending limits, USD, until reset (docs/account.md). */
  setCredits(update: CreditsUpdate): void;
  /** The account's credits and usage, as `GET /credits` answers them. */
  credits(): { total_credits: number; total_usage: number };
  /** Requests this gateway received, oldest first. */
  requests(): JournalEntry[];
  /** Forget all state and rewind a virtual clock. */
  reset(): void;
  /**
   * Add a scripted reply for this test (docs/responses.md): first match wins; the handle's
   * `remove()` takes it away.
   */
  script(rule: ScriptRuleInput | ScriptRule): ScriptHandle;
  /** The scripted replies in match order, with uses left. */
  scripts(): ScriptEntry[];
  /**
   * msw handlers of this test only, tried before the gateway and before the server's own
   * handlers (later calls first, like msw's `server.use`). Requests to the gateway's origin see
   * only this test's handlers; other URLs see those of every test running, so concurrent tests
   * should match URLs only they use. msw mode only.
   */
  use(...handlers: RequestHandler[]): void;
}

/** What the msw mode adds to a fixture. */
export interface FixtureMsw {
  use(...handlers: RequestHandler[]): void;
}

/**
 * Helpers over a gateway served at `baseUrl`.
 *
 * @example
 * const fixture = gatewayFixture(createGateway({ baseUrl }), baseUrl);
 * await fixture.fetch('/models', { headers: fixture.headers() });
 */
export function gatewayFixture(core: Gateway, baseUrl: string, msw?: FixtureMsw, apiKey = 'sk-gw-test'): GatewayFixture {
  const origin = new URL(baseUrl).origin;
  return {
    baseUrl,
    apiKey,
    core,
    fetch: (path, init) => fetch(path.startsWith('/__gatewaykit/') ? `${origin}${path}` : `${baseUrl}${path}`, init),
    headers: (extra = {}) => ({ authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...extra }),
    forceStatus: (fault) => ({ 'x-gatewaykit-fault': String(fault) }),
    advance: (ms) => core.control.advanceClock(ms),
    now: () => core.control.now(),
    failProvider: (slug, status, count) => core.control.failProvider(slug, status, count),
    clearProviderFaults: (slug) => core.control.clearProviderFaults(slug),
    providerFaults: () => core.control.providerFaults(),
    setCredits: (update) => core.control.setCredits(update),
    credits: () => core.control.credits(),
    requests: () => core.control.requests(),
    reset: () => core.control.reset(),
    script: (rule) => core.script(rule),
    scripts: () => core.scripts(),
    use: (...handlers) => {
      if (!msw) throw new Error('gatewaykit/vitest: gateway.use() adds msw handlers, and this test runs in http mode (createGatewayTest({ mode: "msw" }))');
      msw.use(...handlers);
    },
  };
}
