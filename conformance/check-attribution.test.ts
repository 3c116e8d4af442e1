import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { CHECK_HEADER as JOURNAL_CHECK_HEADER } from '../src/state/journal.ts';
import { preflightAnswer } from '../src/http/cors.ts';
import { SEQUENCE_HEADER as SIMULATOR_SEQUENCE_HEADER } from '../src/http/answer-sequence.ts';
import { CHECK_HEADER, SEQUENCE_HEADER, type FetchLike } from './client/gateway-client.ts';
import { runConformance } from './run-conformance.ts';

/** The journal of the simulator as its control API lists it, filtered by `query`. */
async function listed(fetch: FetchLike, baseUrl: string, query: string): Promise<{ check?: string; path: string; headers: Record<string, string> }[]> {
  const answer = await fetch(`${new URL(baseUrl).origin}/__gatewaykit/requests?limit=1000&${query}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { check?: string; path: string; headers: Record<string, string> }[] }).data;
}

describe('each request is attributed to its check in the journal', () => {
  it('the client and the journal name the same header', () => {
    expect(CHECK_HEADER).toBe(JOURNAL_CHECK_HEADER);
    expect(SEQUENCE_HEADER).toBe(SIMULATOR_SEQUENCE_HEADER);
  });

  it('against the simulator: every request names its check, and the journal lists each check exactly what its result counts', async () => {
    const gateway = createGateway({ clock: virtualClock(), seed: 3 });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      seed: 2,
      runs: 4,
      only: ['auth.', 'validation.store', 'result.shape', 'result.usage', 'errors.envelope'],
    });
    expect(report.target.simulator).toBe(true);
    const all = await listed(gateway.fetch, gateway.baseUrl, '');
    const api = all.filter((e) => !e.path.startsWith('/__gatewaykit/'));
    // Every request the suite sent says which check sent it (the preflight too).
    expect(api.every((e) => typeof e.check === 'string' && e.headers[CHECK_HEADER] === e.check)).toBe(true);
    expect(api.some((e) => e.check === 'preflight')).toBe(true);
    for (const result of report.checks) {
      const own = await listed(gateway.fetch, gateway.baseUrl, `check=${encodeURIComponent(result.id)}`);
      // A shared sample is sent by the check that asked first, the one its requests count for.
      expect(own.length, result.id).toBe(result.requests);
    }
    const auth = await listed(gateway.fetch, gateway.baseUrl, 'check=auth.*');
    expect(new Set(auth.map((e) => e.check))).toEqual(new Set(['auth.missing-key', 'auth.invalid-key']));
  });

  it('against another gateway nothing is added: it is never sent the header', async () => {
    const gateway = createGateway({ seed: 3 });
    const seen: string[] = [];
    const fetch: FetchLike = (input, init) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      seen.push(headers.get(CHECK_HEADER) ?? '');
      return gateway.fetch(input, init);
    };
    const report = await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch, seed: 2, runs: 3, simulator: false, only: ['auth.'] });
    expect(report.checks.map((c) => c.status)).toEqual(['passed', 'passed']);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.every((v) => v === '')).toBe(true);
  });

  it('a browser may send it to the simulator: the CORS preflight allows it', () => {
    const answer = preflightAnswer(new Headers({ 'access-control-request-headers': `authorization, content-type, ${CHECK_HEADER}` }));
    expect(answer.headers.get('access-control-allow-headers')?.split(/\s*,\s*/)).toContain(CHECK_HEADER);
  });
});
