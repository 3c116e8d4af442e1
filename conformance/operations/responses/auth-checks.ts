import fc from 'fast-check';
import { stringMatching } from '../../arbitraries/string-matching.ts';
import type { Check, CheckContext } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { probeAll } from '../../property/probe-all.ts';
import { runProperty } from '../../property/run-property.ts';
import type { Stratum } from '../../property/stratum.ts';
import { baseResponsesRequest, baseVideoRequest, UNKNOWN_JOB_ID } from '../../requests.ts';
import { paidCount } from '../../property/owed-probes.ts';

/** Every operation of spec 4 that takes a key, as a probe with the given auth (`/videos` only with `--include-videos`). */
function operations(ctx: CheckContext, auth: Probe['auth']): Probe[] {
  return [
    { method: 'POST', path: '/responses', auth, body: baseResponsesRequest(ctx.model) },
    { method: 'POST', path: '/responses', auth, body: { ...baseResponsesRequest(ctx.model), stream: true } },
    ...(ctx.includeVideos
      ? ([
          { method: 'POST', path: '/videos', auth, body: baseVideoRequest(ctx.videoModel) },
          { method: 'GET', path: `/videos/${UNKNOWN_JOB_ID}`, auth },
        ] as const)
      : []),
  ];
}

/** spec 5.2: no credentials, 401 with the spec 7 envelope, on every operation. */
export const authMissingKey: Check = {
  id: 'auth.missing-key',
  spec: 'spec 5.2, 7',
  rules: ['auth.no-credentials'],
  title: 'A request without credentials gets 401 with the error envelope',
  // Judges statuses and error envelopes only, never what the target mints per request: it may run beside other checks.
  exclusive: false,
  owes: (ctx) => ({ own: paidCount(operations(ctx, 'none')) }),
  run: (ctx) => probeAll(ctx, operations(ctx, 'none'), expectError(401)),
};

/**
 * spec 5.2: invalid credentials, 401. A property over keys that cannot be valid (random suffixes
 * of a prefix no gateway issues) and over malformed Authorization headers.
 */
export const authInvalidKey: Check = {
  id: 'auth.invalid-key',
  spec: 'spec 5.1, 5.2, 7',
  rules: ['auth.invalid-credentials'],
  title: 'A request with invalid credentials gets 401 with the error envelope',
  // Judges statuses and error envelopes only, never what the target mints per request: it may run beside other checks.
  exclusive: false,
  // A well-formed unknown key on every operation, and a malformed header on one.
  owes: (ctx) => ({ own: paidCount(operations(ctx, 'none')) + 1 }),
  run: (ctx) => {
    type Value = { header: string; operation: number };
    const unknownKey = stringMatching(/^[A-Za-z0-9]{1,24}$/).map((s) => `Bearer sk-conformance-invalid-${s}`);
    const malformed = fc.constantFrom('Bearer', 'Bearer ', 'Basic c2stZ3ctdGVzdDo=', 'Token sk-conformance-invalid', 'sk-conformance-invalid');
    const count = operations(ctx, 'none').length;
    // One stratum per operation with a well-formed key no gateway issued, then malformed headers:
    // a gateway that lets any Bearer key through fails at every seed.
    const strata: Stratum<Value>[] = [
      ...operations(ctx, 'none').map((p, operation) => ({
        label: `a well-formed unknown key on ${p.method} ${p.path}${p.body && (p.body as { stream?: boolean }).stream ? ' (stream)' : ''}`,
        arbitrary: unknownKey.map((header) => ({ header, operation })),
      })),
      { label: 'a malformed Authorization header', arbitrary: fc.record({ header: malformed, operation: fc.nat({ max: count - 1 }) }) },
    ];
    const probe = ({ header, operation }: Value) => operations(ctx, { header })[operation]!;
    return runProperty(ctx, { strata, rules: ['auth.invalid-credentials'], probe, oracle: (exchange) => expectError(401)(exchange) });
  },
};

export const AUTH_CHECKS: readonly Check[] = [authMissingKey, authInvalidKey];
