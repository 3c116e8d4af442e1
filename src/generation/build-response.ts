import { stableStringify } from '../random/hash.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import type { BuiltOutput } from './build-output.ts';
import type { ResponseResult, ResponseUsage } from './output-items.ts';

/**
 * The request as the key of its seeded randomness: canonical JSON without `stream` and `debug`,
 * so a streamed request and its non-streamed twin get the same reply and ids (DESIGN: determinism).
 */
export function canonicalRequestKey(request: ResponsesRequest): string {
  const { stream: _stream, debug: _debug, ...rest } = request as Record<string, unknown>;
  return stableStringify(rest);
}

/**
 * The key of what the model means to say: {@link canonicalRequestKey} without `max_output_tokens`
 * and `stop_sequences` too, so a reply cut by a budget or a stop sequence is a prefix of the same reply
 * without one; and without what only changes what is shown (`include`, `reasoning.exclude`).
 */
export function contentKey(request: ResponsesRequest): string {
  const { stream: _stream, debug: _debug, max_output_tokens: _max, stop_sequences: _stop, include: _include, ...rest } = request as Record<string, unknown>;
  // What is shown (`reasoning.exclude`, `include`) does not change what the model thinks.
  const reasoning = rest.reasoning;
  if (typeof reasoning === 'object' && reasoning !== null && 'exclude' in reasoning) {
    const { exclude: _exclude, ...kept } = reasoning as Record<string, unknown>;
    rest.reasoning = kept;
  }
  return stableStringify(rest);
}

/** spec 2.2: the request settings the result echoes, with the documented defaults. */
export function echoSettings(
  request: ResponsesRequest,
): Pick<
  ResponseResult,
  | 'instructions'
  | 'max_output_tokens'
  | 'metadata'
  | 'frequency_penalty'
  | 'presence_penalty'
  | 'temperature'
  | 'top_p'
  | 'parallel_tool_calls'
  | 'tool_choice'
  | 'tools'
  | 'text'
  | 'service_tier'
> {
  const num = (v: number | null | undefined) => (typeof v === 'number' ? v : null);
  return {
    instructions: request.instructions ?? null,
    max_output_tokens: num(request.max_output_tokens),
    metadata: request.metadata ?? null,
    frequency_penalty: num(request.frequency_penalty),
    presence_penalty: num(request.presence_penalty),
    temperature: num(request.temperature),
    top_p: num(request.top_p),
    parallel_tool_calls: typeof request.parallel_tool_calls === 'boolean' ? request.parallel_tool_calls : true,
    tool_choice: request.tool_choice ?? 'auto', // spec 2.1: the result echoes `auto` in the sample
    tools: request.tools ?? [],
    text: request.text ?? { format: { type: 'text' } },
    // spec 2.1: default auto; reference ResponsesRequest.service_tier: `fast` is an alias of `priority`.
    service_tier: request.service_tier === undefined ? 'auto' : request.service_tier === 'fast' ? 'priority' : request.service_tier,
  };
}

export interface BuildResponseArgs {
  request: ResponsesRequest;
  id: string;
  /** Clock reading in ms (spec 2.2 wants seconds). */
  now: number;
  modelId: string;
  built: BuiltOutput;
  usage: ResponseUsage;
  /** Attached only when set (the caller passes it when the metadata header is enabled). */
  gatewayMetadata?: Record<string, unknown> | undefined;
}

/** The spec 2.2 result object; key order is the wire order. */
export function buildResponse(args: BuildResponseArgs): ResponseResult {
  const seconds = Math.floor(args.now / 1000);
  const echo = echoSettings(args.request);
  // One literal with every key in wire order (not a spread of the echo): built per answer.
  const result: ResponseResult = {
    id: args.id,
    object: 'response',
    created_at: seconds,
    completed_at: seconds,
    status: args.built.truncated ? 'incomplete' : 'completed',
    model: args.modelId,
    output: args.built.output,
    usage: args.usage,
    error: null,
    incomplete_details: args.built.truncated ? { reason: 'max_output_tokens' } : null,
    instructions: echo.instructions,
    max_output_tokens: echo.max_output_tokens,
    metadata: echo.metadata,
    frequency_penalty: echo.frequency_penalty,
    presence_penalty: echo.presence_penalty,
    temperature: echo.temperature,
    top_p: echo.top_p,
    parallel_tool_calls: echo.parallel_tool_calls,
    tool_choice: echo.tool_choice,
    tools: echo.tools,
    text: echo.text,
    service_tier: echo.service_tier,
  };
  if (args.gatewayMetadata) result.gateway_metadata = args.gatewayMetadata;
  return result;
}
