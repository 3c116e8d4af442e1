import type { Check, CheckContext } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { expectError } from '../oracles/error-envelope.ts';
import { metadataAbsentProblems, metadataPresentProblems } from '../oracles/result-oracles.ts';
import { judgeShared } from '../property/judge-shared.ts';
import { probeAll } from '../property/probe-all.ts';
import { baseResponsesRequest } from '../requests.ts';
import { sampleResult, SAMPLE_RESULT_KEY } from './result.ts';

/** A request every gateway rejects for free (spec 2.1 `store` is constant false). */
const rejected = (ctx: CheckContext, headers: Record<string, string> = {}): Probe => ({
  method: 'POST',
  path: '/responses',
  headers,
  body: { ...baseResponsesRequest(ctx.model), store: true },
});

export const metadataOptIn: Check = {
  id: 'metadata.opt-in',
  spec: 'spec 2.1, 2.6',
  title: 'No gateway_metadata unless asked for (results and error bodies)',
  async run(ctx) {
    const onError = await probeAll(ctx, [rejected(ctx)], (e) => [...expectError(400)(e), ...metadataAbsentProblems(e)]);
    if (onError.status !== 'passed') return onError;
    return judgeShared(ctx, SAMPLE_RESULT_KEY, sampleResult(ctx), metadataAbsentProblems);
  },
};

export const metadataEnabled: Check = {
  id: 'metadata.enabled',
  spec: 'spec 2.1, 2.6',
  title: 'X-Gateway-Metadata: enabled returns gateway_metadata on the result',
  run: (ctx) =>
    judgeShared(ctx, 'metadata.enabled', { ...sampleResult(ctx), headers: { 'X-Gateway-Metadata': 'enabled' } }, metadataPresentProblems),
};

export const metadataLegacyHeader: Check = {
  id: 'metadata.legacy-header',
  spec: 'spec 2.1',
  title: 'The older X-Gateway-Experimental-Metadata: enabled has the same effect',
  run: (ctx) =>
    judgeShared(ctx, 'metadata.legacy', { ...sampleResult(ctx), headers: { 'X-Gateway-Experimental-Metadata': 'enabled' } }, metadataPresentProblems),
};

export const metadataOnErrors: Check = {
  id: 'metadata.on-errors',
  spec: 'spec 2.6, 7',
  title: 'With the header enabled, error bodies carry gateway_metadata too (checked on a free 400)',
  run: (ctx) =>
    probeAll(ctx, [rejected(ctx, { 'X-Gateway-Metadata': 'enabled' }), rejected(ctx, { 'X-Gateway-Experimental-Metadata': 'enabled' })], (e) => [
      ...expectError(400)(e),
      ...metadataPresentProblems(e),
    ]),
};

export const METADATA_CHECKS: readonly Check[] = [metadataOptIn, metadataEnabled, metadataLegacyHeader, metadataOnErrors];
