import fc from 'fast-check';
import { statusesFor } from '../../src/errors/documented-statuses.ts';
import type { Check, CheckContext } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { retryAfterSeconds } from '../client/retry-after.ts';
import { errorEnvelopeProblems, expectError } from '../oracles/error-envelope.ts';
import { runProperty } from '../property/run-property.ts';
import { baseResponsesRequest, UNKNOWN_JOB_ID } from '../requests.ts';

/** Requests any gateway rejects without doing paid work, each with the status it must get. */
function freeErrorProbes(ctx: CheckContext): fc.Arbitrary<{ probe: Probe; status: number | null }> {
  const body = baseResponsesRequest(ctx.model);
  const free: fc.Arbitrary<{ probe: Probe; status: number | null }>[] = [
    fc.constant({ probe: { method: 'POST', path: '/responses', auth: 'none', body } as Probe, status: 401 }),
    fc.constant({ probe: { method: 'POST', path: '/responses', auth: { header: 'Bearer sk-conformance-invalid' }, body } as Probe, status: 401 }),
    // Malformed JSON: spec 7 400 "malformed input".
    fc.stringMatching(/^[{[][a-z"]{0,6}$/).map((rawBody) => ({ probe: { method: 'POST', path: '/responses', rawBody } as Probe, status: 400 })),
    fc.constant({ probe: { method: 'POST', path: '/responses', body: { ...body, store: true } } as Probe, status: 400 }),
    fc.constant({ probe: { method: 'POST', path: '/responses', body: { ...body, previous_response_id: 'resp_1' } } as Probe, status: 400 }),
    fc.constant({ probe: { method: 'GET', path: `/videos/${UNKNOWN_JOB_ID}` } as Probe, status: 404 }),
    // An unknown path: some non-2xx, whatever it is, carries the envelope.
    fc.stringMatching(/^[a-z]{1,12}$/).map((p) => ({ probe: { method: 'GET', path: `/conformance-no-such-path/${p}` } as Probe, status: null })),
  ];
  if (ctx.simulator) {
    // Every documented status of spec 7 on demand (simulator only: X-Gatewaykit-Fault).
    const forced = (path: string, operation: 'responses' | 'videos') =>
      fc.constantFrom(...statusesFor(operation)).map((status) => ({
        probe: { method: 'POST', path, headers: { 'X-Gatewaykit-Fault': String(status) }, body: path === '/responses' ? body : { prompt: 'x' } } as Probe,
        status,
      }));
    free.push(forced('/responses', 'responses'), forced('/videos', 'videos'));
  }
  return fc.oneof(...free);
}

/** spec 7: every non-2xx carries the JSON envelope with error.code equal to the HTTP status. */
export const errorsEnvelope: Check = {
  id: 'errors.envelope',
  spec: 'spec 7',
  title: 'Every non-2xx answer is JSON {error: {code, message}} with error.code equal to the status',
  run: (ctx) =>
    runProperty(ctx, {
      arbitrary: freeErrorProbes(ctx),
      probe: (v) => v.probe,
      verify: async ({ probe, status }) => {
        const exchange = await ctx.client.send(probe, { retryOn429: status !== 429 });
        if (status === null) return exchange.status >= 400 ? errorEnvelopeProblems(exchange) : [`expected an error for ${probe.path}, got ${exchange.status}`];
        return expectError(status)(exchange);
      },
    }),
};

/** reference: 429 (and 503) carry Retry-After, so clients know when to come back. */
export const errorsRetryAfter: Check = {
  id: 'errors.retry-after',
  spec: 'spec 7; reference',
  title: '429 and 503 answers carry a Retry-After header',
  requires: ['simulator'],
  async run(ctx) {
    const probes = [429, 503].map((status): Probe => ({
      method: 'POST',
      path: '/responses',
      headers: { 'X-Gatewaykit-Fault': String(status) },
      body: baseResponsesRequest(ctx.model),
    }));
    for (const probe of probes) {
      const exchange = await ctx.client.send(probe, { retryOn429: false });
      const problems = [...expectError(Number(probe.headers!['X-Gatewaykit-Fault']))(exchange)];
      if (retryAfterSeconds(exchange.headers['retry-after'], Date.now()) === undefined) {
        problems.push(`a ${exchange.status} must carry Retry-After (seconds or an HTTP date), got ${JSON.stringify(exchange.headers['retry-after'] ?? null)}`);
      }
      if (problems.length > 0) return { status: 'failed', reason: problems.join('; '), counterexample: probe };
    }
    return { status: 'passed' };
  },
};

export const ERRORS_CHECKS: readonly Check[] = [errorsEnvelope, errorsRetryAfter];
