import fc from 'fast-check';
import { stringMatching } from '../arbitraries/string-matching.ts';
import { statusesFor } from '../../src/errors/documented-statuses.ts';
import type { Check, CheckContext } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { retryAfterSeconds } from '../client/retry-after.ts';
import { expectError } from '../oracles/error-envelope.ts';
import { probeAll } from '../property/probe-all.ts';
import { runProperty } from '../property/run-property.ts';
import { baseResponsesRequest, UNKNOWN_JOB_ID } from '../requests.ts';

/**
 * Requests to operations that any gateway refuses, each with the status it must get. Only
 * operations: what an edge answers for a path that is no operation is not this rule.
 */
function errorProbes(ctx: CheckContext): fc.Arbitrary<{ probe: Probe; status: number }> {
  const body = baseResponsesRequest(ctx.model);
  const probes: fc.Arbitrary<{ probe: Probe; status: number }>[] = [
    fc.constant({ probe: { method: 'POST', path: '/responses', auth: 'none', body } as Probe, status: 401 }),
    fc.constant({ probe: { method: 'POST', path: '/responses', auth: { header: 'Bearer sk-conformance-invalid' }, body } as Probe, status: 401 }),
    // Malformed JSON: spec 7 400 "malformed input".
    stringMatching(/^[{[][a-z"]{0,6}$/).map((rawBody) => ({ probe: { method: 'POST', path: '/responses', rawBody } as Probe, status: 400 })),
    fc.constant({ probe: { method: 'POST', path: '/responses', body: { ...body, previous_response_id: 'resp_1' } } as Probe, status: 400 }),
  ];
  if (ctx.includeVideos) probes.push(fc.constant({ probe: { method: 'GET', path: `/videos/${UNKNOWN_JOB_ID}` } as Probe, status: 404 }));
  if (ctx.simulator) {
    // Every documented status of spec 7 on demand (simulator only: X-Gatewaykit-Fault).
    const forced = (path: string, operation: 'responses' | 'videos') =>
      fc.constantFrom(...statusesFor(operation)).map((status) => ({
        probe: { method: 'POST', path, headers: { 'X-Gatewaykit-Fault': String(status) }, body: path === '/responses' ? body : { prompt: 'x' } } as Probe,
        status,
      }));
    probes.push(forced('/responses', 'responses'));
    if (ctx.includeVideos) probes.push(forced('/videos', 'videos'));
  }
  return fc.oneof(...probes);
}

/** spec 7: every non-2xx of an operation carries the JSON envelope with error.code equal to the HTTP status. */
export const errorsEnvelope: Check = {
  id: 'errors.envelope',
  spec: 'spec 7',
  rules: ['errors.envelope'],
  // Forces every documented error status on the simulator (429, 503...): nothing beside it.
  exclusive: true,
  title: 'Error answers of the operations are JSON {error: {code, message}} with error.code equal to the status',
  run: (ctx) =>
    runProperty(ctx, {
      arbitrary: errorProbes(ctx),
      probe: (v) => v.probe,
      verify: async ({ probe, status }) => {
        const exchange = await ctx.client.send(probe, { retryOn429: status !== 429 });
        return { judgement: expectError(status)(exchange), exchange };
      },
    }),
};

/** reference: 429 (and 503) carry Retry-After, so clients know when to come back. */
export const errorsRetryAfter: Check = {
  id: 'errors.retry-after',
  spec: 'spec 7; reference',
  rules: ['errors.retry-after'],
  title: '429 and 503 answers carry a Retry-After header',
  requires: ['simulator'],
  async run(ctx) {
    const probes = [429, 503].map((status): Probe => ({ method: 'POST', path: '/responses', headers: { 'X-Gatewaykit-Fault': String(status) }, body: baseResponsesRequest(ctx.model) }));
    for (const probe of probes) {
      const status = Number(probe.headers!['X-Gatewaykit-Fault']);
      const outcome = await probeAll(ctx, [probe], (exchange) => {
        const problems = [...expectError(status)(exchange)];
        if (retryAfterSeconds(exchange.headers['retry-after'], Date.now()) === undefined) {
          problems.push(`a ${exchange.status} must carry Retry-After (seconds or an HTTP date), got ${JSON.stringify(exchange.headers['retry-after'] ?? null)}`);
        }
        return problems;
      }, { retryOn429: false });
      if (outcome.status !== 'passed') return outcome;
    }
    return { status: 'passed' };
  },
};

export const ERRORS_CHECKS: readonly Check[] = [errorsEnvelope, errorsRetryAfter];
