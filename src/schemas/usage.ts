import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * spec 2.2 `usage`: token counts (all integers), plus the reference's optional `cost`, `is_byok`,
 * `input_tokens_details.cache_write_tokens`, `cost_details` and `server_tool_use_details`. Free of cross-field refinements so
 * it composes and converts to JSON Schema; the arithmetic is checked by {@link checkUsageArithmetic}.
 */
export const UsageSchema = z.looseObject({
  input_tokens: count,
  input_tokens_details: z.looseObject({
    cached_tokens: count,
    cache_write_tokens: count.nullable().optional(),
  }),
  output_tokens: count,
  output_tokens_details: z.looseObject({ reasoning_tokens: count }),
  total_tokens: count,
  cost: z.number().min(0).nullable().optional(),
  is_byok: z.boolean().optional(),
  // reference OpenResponsesUsage.cost_details: the upstream cost split under the Responses names.
  cost_details: z
    .looseObject({
      upstream_inference_cost: z.number().nullable().optional(),
      upstream_inference_input_cost: z.number(),
      upstream_inference_output_cost: z.number(),
    })
    .optional(),
  // reference ServerToolUseDetails: what server tools did (web searches, gateway tool calls).
  server_tool_use_details: z
    .looseObject({
      tool_calls_executed: count.nullable().optional(),
      tool_calls_requested: count.nullable().optional(),
      web_search_requests: count.nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

/**
 * The arithmetic a usage object must satisfy: total = input + output, reasoning <= output,
 * cached <= input. Returns one readable problem per broken rule (empty when consistent).
 *
 * @example
 * checkUsageArithmetic({ input_tokens: 5, input_tokens_details: { cached_tokens: 0 }, output_tokens: 3,
 *   output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 9 });
 * // ['total_tokens: 9 != input_tokens + output_tokens = 8']
 */
export function checkUsageArithmetic(usage: Usage): string[] {
  const problems: string[] = [];
  const sum = usage.input_tokens + usage.output_tokens;
  if (usage.total_tokens !== sum) problems.push(`total_tokens: ${usage.total_tokens} != input_tokens + output_tokens = ${sum}`);
  const reasoning = usage.output_tokens_details.reasoning_tokens;
  if (reasoning > usage.output_tokens) problems.push(`output_tokens_details.reasoning_tokens: ${reasoning} > output_tokens ${usage.output_tokens}`);
  const cached = usage.input_tokens_details.cached_tokens;
  if (cached > usage.input_tokens) problems.push(`input_tokens_details.cached_tokens: ${cached} > input_tokens ${usage.input_tokens}`);
  return problems;
}
