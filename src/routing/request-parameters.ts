import { textFormatType } from '../request/read-options.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';

/**
 * The reference `Parameter` names a request uses, for `provider.require_parameters` (an endpoint
 * must support every one). Responses fields map onto the chat-style names endpoints advertise:
 * `max_output_tokens` -> `max_tokens`, `text.format` json -> `response_format` (json_schema also
 * `structured_outputs`), `reasoning` -> `reasoning`, `top_logprobs` -> `logprobs` + `top_logprobs`.
 *
 * @example
 * requestParameters({ temperature: 0.2, tools: [{ type: 'function', name: 'f' }] }); // ['temperature', 'tools']
 */
export function requestParameters(request: ResponsesRequest): string[] {
  const used = new Set<string>();
  const present = (k: keyof ResponsesRequest) => request[k] !== undefined && request[k] !== null;
  for (const k of ['temperature', 'top_p', 'top_k', 'frequency_penalty', 'presence_penalty', 'parallel_tool_calls', 'tool_choice'] as const) {
    if (present(k)) used.add(k);
  }
  if (present('max_output_tokens')) used.add('max_tokens');
  if (request.tools !== undefined && request.tools.length > 0) used.add('tools');
  if (present('top_logprobs')) {
    used.add('logprobs');
    used.add('top_logprobs');
  }
  if (present('reasoning')) used.add('reasoning');
  const formatType = textFormatType(request);
  if (formatType === 'json_object' || formatType === 'json_schema') used.add('response_format');
  if (formatType === 'json_schema') used.add('structured_outputs');
  const text = request.text;
  if (typeof text === 'object' && text !== null && 'verbosity' in text && text.verbosity !== undefined && text.verbosity !== null) used.add('verbosity');
  return [...used].sort();
}
