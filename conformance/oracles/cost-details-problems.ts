import { z } from 'zod';
import type { Inconclusive, Judgement } from '../check.ts';
import { exchangeJson, mediaType, type Exchange } from '../client/exchange.ts';
import { parseStream } from './parse-stream.ts';
import { schemaProblems } from './schema-problems.ts';
import { parseOnce } from './parse-once.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text' | 'chunks'>;
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * reference `CostDetails` (the usage of `ChatResult`, of a chat usage chunk, of `MessagesResult`
 * and of a Messages `message_delta`): optional, and null allowed; when sent it names the upstream
 * costs `upstream_inference_prompt_cost` and `upstream_inference_completions_cost` (numbers, both
 * required), with `upstream_inference_cost` a number or null. The Responses names
 * (`upstream_inference_input_cost`, `..._output_cost`) are not these: the OpenRouter SDK refuses them.
 */
const CostDetailsSchema = z.looseObject({
  upstream_inference_prompt_cost: z.number(),
  upstream_inference_completions_cost: z.number(),
  upstream_inference_cost: z.number().nullable().optional(),
});

/** The usage objects an answer reports: the result's, or in a stream the chunks' and message_delta's. */
function usagesOf(answer: Answer, owner: string): Json[] | Inconclusive {
  if (answer.status < 200 || answer.status >= 300) return { inconclusive: `the request was not served (HTTP ${answer.status})`, owner };
  if (mediaType(answer) === 'text/event-stream') {
    return parseStream(answer).events.flatMap((e) => (isObject(e) && isObject(e.usage) ? [e.usage] : []));
  }
  const json = exchangeJson(answer);
  return isObject(json) && isObject(json.usage) ? [json.usage] : [];
}

/**
 * The `cost_details` of every usage an answer reports keep the reference's member names.
 *
 * @example
 * costDetailsProblems(exchange, 'chat.result-shape'); // [] when usage.cost_details is absent, null or CostDetails
 */
export function costDetailsProblems(answer: Answer, owner: string): Judgement {
  const usages = usagesOf(answer, owner);
  if (!Array.isArray(usages)) return usages;
  // No usage to read is no pass: whether usage is sent is another check's rule.
  if (usages.length === 0) return { inconclusive: 'the answer reports no usage', owner };
  return usages.flatMap((usage) => {
    if (usage.cost_details === undefined || usage.cost_details === null) return [];
    const parsed = parseOnce(CostDetailsSchema, usage.cost_details);
    return parsed.success
      ? []
      : [
          ...schemaProblems('reference CostDetails (usage.cost_details)', parsed.error),
          `(members sent: ${Object.keys(isObject(usage.cost_details) ? usage.cost_details : {}).join(', ')})`,
        ];
  });
}
