import { jsonFormatStrata, type JsonFormat } from '../../arbitraries/structured-output-formats.ts';
import type { Check } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';
import { structuredOutputProblems } from './structured-output-oracles.ts';
import { runProperty } from '../../property/run-property.ts';

/**
 * Structured outputs (spec 2.1 note A; reference `Formats`): a request asking for JSON gets JSON,
 * valid for its schema. The streamed text equals the final text (`stream.deltas-join`), so the
 * non-streamed answer stands for both.
 */
export const structuredOutput: Check = {
  id: 'result.structured-output',
  exclusive: false,
  spec: 'spec 2.1 note A (reference Formats)',
  rules: ['result.structured-output'],
  title:
    'text.format json_schema answers are JSON valid for the schema (nested objects, bounded arrays, enums, pattern, format, anyOf, $ref); json_object answers are JSON objects',
  owes: () => ({ own: jsonFormatStrata(structuredOutput.rules).length }),
  run: (ctx) => {
    const probe = (format: JsonFormat): Probe => ({
      method: 'POST',
      path: '/responses',
      // Room to finish: a cut answer is not judged. The prompt names JSON, as some providers require.
      body: { model: ctx.model, input: 'Answer as JSON.', max_output_tokens: 512, text: { format } },
    });
    return runProperty(ctx, {
      strata: jsonFormatStrata(structuredOutput.rules),
      rules: structuredOutput.rules,
      probe,
      runs: Math.max(1, Math.min(ctx.runs, 6)),
      oracle: (exchange, format) => structuredOutputProblems(exchange, format),
    });
  },
};
