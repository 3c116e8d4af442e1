import fc from 'fast-check';
import { stringMatching } from '../../arbitraries/string-matching.ts';
import { statusesFor } from '../../../src/errors/documented-statuses.ts';
import type { Check, CheckContext } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';
import { retryAfterSeconds } from '../../client/retry-after.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { probeAll } from '../../property/probe-all.ts';
import { runProperty } from '../../property/run-property.ts';
import type { Stratum } from '../../property/stratum.ts';
import { baseResponsesRequest, UNKNOWN_JOB_ID } from '../../requests.ts';
import { paidCount } from '../../property/owed-probes.ts';
import { smallestOf } from '../../property/stratum.ts';

type ErrorProbe = { probe: Probe; status: number };

/**
 * Requests to operations that any gateway refuses, each with the status it must get, one stratum
 * per kind (every run sends each kind first, so a gateway that gets one kind wrong fails at every
 * seed). Only operations: what an edge answers for a path that is no operation is not this rule.
 */
function errorProbes(ctx: CheckContext): Stratum<ErrorProbe>[] {
  const body = baseResponsesRequest(ctx.model);
  const strata: Stratum<ErrorProbe>[] = [
    { label: 'no key (401)', arbitrary: fc.constant({ probe: { method: 'POST', path: '/responses', auth: 'none', body } as Probe, status: 401 }) },
    {
      label: 'an invalid key (401)',
      arbitrary: fc.constant({ probe: { method: 'POST', path: '/responses', auth: { header: 'Bearer sk-conformance-invalid' }, body } as Probe, status: 401 }),
    },
    // Malformed JSON: spec 7 400 "malformed input".
    {
      label: 'malformed JSON (400)',
      arbitrary: stringMatching(/^[{[][a-z"]{0,6}$/).map((rawBody) => ({ probe: { method: 'POST', path: '/responses', rawBody } as Probe, status: 400 })),
    },
    {
      label: 'a non-null previous_response_id (400)',
      arbitrary: fc.constant({ probe: { method: 'POST', path: '/responses', body: { ...body, previous_response_id: 'resp_1' } } as Probe, status: 400 }),
    },
  ];
  if (ctx.includeVideos)
    strata.push({
      label: 'an unknown video job (404)',
      arbitrary: fc.constant({ probe: { method: 'GET', path: `/videos/${UNKNOWN_JOB_ID}` } as Probe, status: 404 }),
    });
  if (ctx.simulator) {
    // Every documented status of spec 7 on demand (simulator only: X-Gatewaykit-Fault), each a kind.
    const forced = (path: string, operation: 'responses' | 'videos') =>
      statusesFor(operation).map((status): Stratum<ErrorProbe> => ({
        label: `a forced ${status} on ${path}`,
        arbitrary: fc.constant({
          probe: { method: 'POST', path, headers: { 'X-Gatewaykit-Fault': String(status) }, body: path === '/responses' ? body : { prompt: 'x' } } as Probe,
          status,
        }),
      }));
    strata.push(...forced('/responses', 'responses'));
    if (ctx.includeVideos) strata.push(...forced('/videos', 'videos'));
  }
  return strata;
}

/** spec 7: every non-2xx of an operation carries the JSON envelope with error.code equal to the status. */
export const errorsEnvelope: Check = {
  id: 'errors.envelope',
  spec: 'spec 7',
  rules: ['errors.envelope'],
  // A forced status is the answer to that one request (X-Gatewaykit-Fault): nothing other checks see.
  exclusive: false,
  title: 'Error answers of the operations are JSON {error: {code, message}} with error.code equal to the status',
  owes: (ctx) => ({ own: paidCount(errorProbes(ctx).map((s) => smallestOf(s.arbitrary, ctx.seed).probe)) }),
  run: (ctx) =>
    runProperty(ctx, {
      strata: errorProbes(ctx),
      rules: ['errors.envelope'],
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
  exclusive: false,
  spec: 'spec 7; reference',
  rules: ['errors.retry-after'],
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
      const status = Number(probe.headers!['X-Gatewaykit-Fault']);
      const outcome = await probeAll(
        ctx,
        [probe],
        (exchange) => {
          const problems = [...expectError(status)(exchange)];
          if (retryAfterSeconds(exchange.headers['retry-after'], Date.now()) === undefined) {
            problems.push(
              `a ${exchange.status} must carry Retry-After (seconds or an HTTP date), got ${JSON.stringify(exchange.headers['retry-after'] ?? null)}`,
            );
          }
          return problems;
        },
        { retryOn429: false },
      );
      if (outcome.status !== 'passed') return outcome;
    }
    return { status: 'passed' };
  },
};

export const ERRORS_CHECKS: readonly Check[] = [errorsEnvelope, errorsRetryAfter];
