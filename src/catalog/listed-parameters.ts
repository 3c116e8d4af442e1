/**
 * The request parameters a model listing may name: the reference `Parameter` vocabulary (the
 * members of `supported_parameters` in `GET /models`, `/embeddings/models` and
 * `/models/{author}/{slug}/endpoints`).
 */
export const LISTED_PARAMETERS: ReadonlySet<string> = new Set([
  'temperature',
  'top_p',
  'top_k',
  'min_p',
  'top_a',
  'frequency_penalty',
  'presence_penalty',
  'repetition_penalty',
  'max_tokens',
  'max_completion_tokens',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'prediction',
  'seed',
  'response_format',
  'structured_outputs',
  'stop',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'include_reasoning',
  'reasoning',
  'reasoning_effort',
  'web_search_options',
  'verbosity',
]);

/**
 * A catalogue entry's parameters as a listing shows them: those of the reference vocabulary, in
 * catalogue order. The catalogue may name more (an embedding model's `encoding_format`,
 * `input_type`); routing and the `supported_parameters` filter still read the whole list.
 *
 * @example
 * listedParameters(['encoding_format', 'tools']); // ['tools']
 */
export function listedParameters(parameters: readonly string[]): string[] {
  return parameters.filter((p) => LISTED_PARAMETERS.has(p));
}

/**
 * reference `PublicEndpoint.supports_tool_choice` as the official SDK reads it: which
 * `tool_choice` values the endpoint takes (all of them where it takes tools with `tool_choice`).
 *
 * @example
 * toolChoiceSupport(['tools', 'tool_choice']); // { auto: true, function: true, none: true, required: true }
 */
export function toolChoiceSupport(parameters: readonly string[]): { auto: boolean; function: boolean; none: boolean; required: boolean } {
  const takes = parameters.includes('tool_choice');
  return { auto: takes, function: takes, none: takes, required: takes };
}
