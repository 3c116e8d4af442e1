import { spec, ref, inferred, type Rule } from '../../rules/rule.ts';

/** The rules of POST /chat/completions. */
export const CHAT_RULES: readonly Rule[] = [
  // Chat Completions (spec 1 names the area; its shapes are the reference's ChatRequest, ChatResult, ChatStreamingResponse)
  spec(
    'chat.errors-envelope',
    '1, 5.2, 7',
    'Error answers of POST /chat/completions are the one envelope {error: {code, message}} with code equal to the status: no key or a wrong key 401, malformed JSON or empty messages 400.',
  ),
  ref(
    'chat.request-bounds',
    '1, 7',
    'A chat request breaking one bound of ChatRequest (messages empty or missing, an unknown role, session_id over 256 characters, stop over 4 entries, an unknown reasoning_effort, service_tier, modality, response_format type or tool_choice mode, a wrong type) is refused with 400; session_id of 256 and 4 stop entries are served.',
  ),
  ref(
    'chat.result-schema',
    '1',
    'A served chat request is 200 application/json holding a chat completion: id, object "chat.completion", created in Unix seconds, model, system_fingerprint (string or null), at least one choice with index, finish_reason and an assistant message.',
  ),
  ref('chat.choice-index', '1', 'choices[i].index is i: each choice names its own position.'),
  ref(
    'chat.logprobs',
    '1',
    'logprobs: true (with top_logprobs n) is answered with choices[].logprobs.content, one entry per token with token, logprob (not above 0) and bytes, each with up to n top_logprobs.',
  ),
  ref(
    'chat.usage-arithmetic',
    '1',
    'Chat usage has integer counts with total_tokens = prompt_tokens + completion_tokens, cached tokens within the prompt, reasoning tokens within the completion, and a cost that is not negative.',
  ),
  inferred('chat.usage-present', '1', 'A served chat completion carries usage (the reference does not require it; clients count on it).'),
  ref(
    'usage.cost-details-names',
    '1',
    'usage.cost_details on chat and Messages answers (plain, chat usage chunk, message_delta) is absent, null, or names upstream_inference_prompt_cost and upstream_inference_completions_cost (numbers), as reference CostDetails requires.',
  ),
  ref(
    'chat.finish-reason-cause',
    '1',
    'finish_reason names why the answer stopped, judged by usage: completion_tokens under max_tokens is stop, at max_tokens length, past it breaks the cap; a forced tool call is tool_calls; in a stream, the finishing chunk and the usage chunk say the same.',
  ),
  ref(
    'chat.tool-call-contract',
    '1',
    'A forced tool call carries an id no other call in the answer shares, type function, the name of a declared function and arguments that are JSON valid for its parameters; streamed fragments joined by index say the same.',
  ),
  ref('chat.response-format', '1', 'An answer to response_format json_schema with strict true is JSON valid for the schema; to json_object, a JSON object.'),
  inferred(
    'chat.response-format-loose',
    '1',
    'An answer to response_format json_schema with strict false is JSON valid for the schema too (no reference text promises it).',
  ),
  ref(
    'chat.stream-grammar',
    '1, 6',
    'A chat stream is 200 text/event-stream of chat.completion.chunk events with one id: the first delta carries role assistant (later ones may repeat it), exactly one chunk carries a finish_reason and no choice follows it, one usage chunk (no choices, usage that adds up) comes last whether or not stream_options.include_usage asked for it (reference ChatStreamOptions: usage is always included), then data: [DONE] once, last.',
  ),
  ref(
    'chat.failure-in-stream',
    '1, 7',
    'A chat stream that fails after its 200 reports it in a chunk carrying error {code, message}; no content follows it and no finish_reason other than error is sent.',
  ),
  inferred(
    'chat.deltas-join',
    '1, 6.4',
    'The content deltas of a chat stream join to the content of the non-streamed answer to the same request with the same seed, and both end with the same finish_reason.',
  ),
];
