import type { Check, CheckContext } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { resultShapeProblems, resultUsageProblems } from '../oracles/result-oracles.ts';
import { judgeShared } from '../property/judge-shared.ts';
import { baseResponsesRequest } from '../requests.ts';

/** One cheap non-streaming generation, shared by the result checks and `metadata.opt-in`. */
export const sampleResult = (ctx: CheckContext): Probe => ({ method: 'POST', path: '/responses', body: baseResponsesRequest(ctx.model), paid: true });
export const SAMPLE_RESULT_KEY = 'result.sample';

export const resultShape: Check = {
  id: 'result.shape',
  spec: 'spec 2.2, 4.1',
  title: 'A non-streaming success is application/json matching the Responses result',
  run: (ctx) => judgeShared(ctx, SAMPLE_RESULT_KEY, sampleResult(ctx), resultShapeProblems),
};

export const resultUsage: Check = {
  id: 'result.usage',
  spec: 'spec 2.2',
  title: 'usage: integer counts, total = input + output, cached <= input, reasoning <= output',
  run: (ctx) => judgeShared(ctx, SAMPLE_RESULT_KEY, sampleResult(ctx), resultUsageProblems),
};

export const RESULT_CHECKS: readonly Check[] = [resultShape, resultUsage];
