/**
 * The smallest valid Responses request (spec 2.1: "the smallest request carries model and input"),
 * kept cheap: a tiny prompt and a small `max_output_tokens`, since on a live gateway it is a paid
 * generation.
 *
 * @example
 * baseResponsesRequest('openai/gpt-4o-mini'); // { model, input: 'Say OK.', max_output_tokens: 16 }
 */
export function baseResponsesRequest(model: string): { model: string; input: string; max_output_tokens: number } {
  return { model, input: 'Say OK.', max_output_tokens: 16 };
}

/** A job id that matches the pattern of spec 2.7 but was never issued. */
export const UNKNOWN_JOB_ID = 'gen-vid-1700000000-ConformanceUnknown00';

/** The smallest video submission (spec 2.7): the model's default duration, which every model supports. */
export function baseVideoRequest(model: string | undefined): Record<string, unknown> {
  return { ...(model ? { model } : {}), prompt: 'A red ball bouncing' };
}
