import type { Check, CheckContext, Judgement } from '../../check.ts';
import type { Exchange } from '../../client/exchange.ts';
import {
  outputCapProblems,
  resultEchoProblems,
  resultShapeProblems,
  resultStatusProblems,
  resultTimestampProblems,
  resultUsageProblems,
} from './result-oracles.ts';
import { judgeSamples, type Sample } from '../../property/judge-shared.ts';
import { owesSampleSets, sampleSet } from '../../property/sample-set.ts';
import { shapeSamples } from './samples.ts';
import { reasoningDefault } from './reasoning-default-checks.ts';
import { serverToolItems } from './server-tool-checks.ts';
import { structuredOutput } from './structured-output-checks.ts';

/** The non-streamed samples (every answer shape; many on the simulator), sent once and judged by every result check. */
const resultSet = sampleSet('result.samples', (ctx) => shapeSamples(ctx, false));
export const resultSamples = (ctx: CheckContext) => resultSet.samples(ctx);

/** What a check judging the result samples owes: the samples, paid once a run. */
export const resultSamplesOwed = owesSampleSets(resultSet);

function resultCheck(id: string, spec: string, rules: string[], title: string, oracle: (e: Exchange, s: Sample) => Judgement): Check {
  return { id, spec, rules, title, exclusive: false, owes: resultSamplesOwed, run: async (ctx) => judgeSamples(await resultSamples(ctx), oracle) };
}

export const resultShape = resultCheck(
  'result.shape',
  'spec 2.2, 4.1',
  ['result.schema'],
  'A non-streaming success is application/json matching the Responses result',
  resultShapeProblems,
);
export const resultUsage = resultCheck(
  'result.usage',
  'spec 2.2',
  ['result.usage-arithmetic'],
  'usage: integer counts, total = input + output, cached <= input, reasoning <= output',
  resultUsageProblems,
);
export const resultEcho = resultCheck(
  'result.echo',
  'spec 2.2',
  ['result.echo-settings'],
  'The result echoes the request settings (instructions, max_output_tokens, metadata, temperature, top_p, tools, ...)',
  (e, s) => resultEchoProblems(e, s.probe.body as Record<string, unknown>),
);
export const resultTimestamps = resultCheck(
  'result.timestamps',
  'spec 2.2',
  ['result.timestamps-seconds'],
  'created_at and completed_at are whole Unix seconds, completed_at not before created_at',
  resultTimestampProblems,
);
/** Two rules on the same samples: each failure names the one its answer breaks. */
export const resultStatus: Check = {
  id: 'result.status',
  exclusive: false,
  spec: 'spec 2.2, 3 (reference IncompleteDetails)',
  rules: ['result.status-details', 'result.output-cap'],
  title: 'status agrees with incomplete_details (completed: none; incomplete: the reason), and output_tokens never exceeds max_output_tokens',
  owes: resultSamplesOwed,
  async run(ctx) {
    const samples = await resultSamples(ctx);
    const details = judgeSamples(samples, resultStatusProblems);
    if (details.status === 'failed') return { ...details, rules: ['result.status-details'] };
    const cap = judgeSamples(samples, (e, s) => outputCapProblems(e, s.probe.body as Record<string, unknown>));
    if (cap.status === 'failed') return { ...cap, rules: ['result.output-cap'] };
    return details.status === 'passed' && cap.status === 'passed'
      ? { ...details, probed: { examples: samples.length, rules: resultStatus.rules } }
      : details.status !== 'passed'
        ? details
        : cap;
  },
};

export const RESULT_CHECKS: readonly Check[] = [
  resultShape,
  resultUsage,
  resultEcho,
  resultTimestamps,
  resultStatus,
  structuredOutput,
  serverToolItems,
  reasoningDefault,
];
