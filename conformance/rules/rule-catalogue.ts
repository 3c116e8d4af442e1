import type { Rule } from './rule.ts';

const spec = (id: string, section: string, text: string): Rule => ({ id, section, source: 'spec', text });
const ref = (id: string, section: string, text: string): Rule => ({ id, section, source: 'reference', text });
const inferred = (id: string, section: string, text: string): Rule => ({ id, section, source: 'inferred', text });

/**
 * Every rule the suite enforces. Each check names the rules it judges (`Check.rules`); a test
 * fails when a rule has no check. `gatewaykit conform --list` prints this table.
 */
export const RULES: readonly Rule[] = [
  // Authentication (spec 5)
  spec('auth.no-credentials', '5.2', 'A request without an Authorization header is refused with 401 and the error envelope, on every operation.'),
  spec(
    'auth.invalid-credentials',
    '5.2',
    'A request with a key the gateway did not issue, or a malformed Authorization header, is refused with 401 and the error envelope.',
  ),
  // Errors (spec 7)
  spec('errors.envelope', '7', 'An error answer of an operation is JSON {error: {code, message}} whose code equals the HTTP status.'),
  ref('errors.retry-after', '7', 'A 429 or 503 answer says when to come back, in a Retry-After header (seconds or an HTTP date).'),
  spec(
    'errors.guardrail-block',
    '7, 2.6',
    'A request blocked by a guardrail gets 403 whose error.metadata.patterns lists strings; with the metadata header enabled, gateway_metadata.pipeline holds the guardrail stage (type, name, guardrail_id, guardrail_scope, summary, data.action/detected/engines/patterns).',
  ),
  ref(
    'presets.applies',
    '2.1',
    "`@preset/<slug>` as the model applies the preset's latest version: the answer is the preset's model, within the preset's max_tokens.",
  ),
  ref(
    'workspaces.budget-402',
    '7',
    "A workspace budget takes effect at once: a paid request of the workspace's key that would pass the budget of its interval is refused with 402 and the error envelope.",
  ),
  ref(
    'analytics.counts-paid-answer',
    '7',
    'A paid answer is counted in the activity of the key that paid for it: one paid request moves its request_count in POST /analytics/query by one (reference queryAnalytics).',
  ),
  ref(
    'management.guardrail-assignment',
    '7, 2.6',
    'A guardrail assigned to a key blocks the model it disallows with the 403 of a guardrail block; unassigning it lifts the block at once (issue 38).',
  ),
  ref(
    'observability.crud',
    '5.3',
    'An observability destination created with the management key is served by get and listed; an update applies at once; once deleted, get answers 404 and the listing leaves it out (issue 38).',
  ),
  // Limits and request rules (spec 2.1, 2.4, 2.5, 8)
  spec('limits.session-id', '2.1, 2.7, 8', 'session_id is at most 256 characters: 256 is served, 257 or more is refused with 400.'),
  spec('limits.user', '2.1, 8', 'user is at most 256 characters: 256 is served, 257 or more is refused with 400.'),
  spec('limits.metadata-pairs', '2.1, 8', 'metadata holds at most 16 pairs: 16 is served, 17 or more is refused with 400.'),
  spec('limits.metadata-key', '2.1, 8', 'metadata keys are at most 64 characters: 64 is served, 65 or more is refused with 400.'),
  spec('limits.metadata-value', '2.1, 8', 'metadata values are at most 512 characters: 512 is served, 513 or more is refused with 400.'),
  spec('limits.metadata-key-brackets', '2.1, 8', 'metadata keys containing [ or ] are refused with 400; other punctuation is served.'),
  spec('limits.max-tool-calls', '2.1, 8', 'max_tool_calls is an integer of at most 30: 30 is served, 31 or more (or a fraction) is refused with 400.'),
  spec(
    'limits.cost-quality-tradeoff',
    '2.5, 8',
    'The auto routers (auto-router and auto-beta-router alike) take cost_quality_tradeoff as an integer from 0 to 10; a value outside that, a fraction or a string is refused with 400.',
  ),
  spec('limits.min-coding-score', '2.5, 8', 'pareto-router takes min_coding_score from 0 to 1; outside that it is refused with 400.'),
  spec('limits.pareto-max-price', '2.5', 'pareto-router takes max_price of 0 or more; a negative price is refused with 400.'),
  spec(
    'limits.fusion-analysis-models',
    '2.5, 8',
    'fusion takes 1 to 8 analysis_models, each a model id string; 0, 9 and more, or an entry that is not a string are refused with 400.',
  ),
  spec('limits.fusion-max-tool-calls', '2.5, 8', 'fusion takes max_tool_calls from 1 to 16; outside that it is refused with 400.'),
  spec('limits.fusion-tools', '2.5, 8', 'fusion takes at most 8 tools; 9 or more are refused with 400.'),
  spec('request.provider-closed', '2.4', 'provider allows no properties beyond those listed; an unknown one is refused with 400.'),
  spec('request.previous-response-id', '2.1, 7', 'previous_response_id is not supported: null is served, any other value is refused with 400.'),
  spec('request.store-false', '2.1', 'store is constant false: false is served, true (or anything else) is refused with 400.'),
  spec(
    'request.enums',
    '2.1, 2.5',
    'Every enumerated field (include, modalities, service_tier, cache_control.type, prompt_cache_options.mode, plugin id, fusion preset, price_source, message role) refuses a value outside its list with 400.',
  ),
  spec(
    'request.types',
    '2.1, 2.3, 2.5',
    'A field of the wrong type (temperature, stream, session_id, input, debug.echo_upstream_body, plugin enabled, a prompt variable) or a missing required member (prompt.id, prompt_cache_options.mode, cache_control.type, user_location.type, fusion tool type, function tool name) is refused with 400.',
  ),
  inferred(
    'request.semantic-422',
    '7',
    'A request that is well-formed but contradicts itself (tool_choice naming a function that is not in tools, or forcing a tool without tools) is refused with 422.',
  ),
  // Reference shapes of fields the spec leaves "not shown" (spec 2.1 note A, 2.3, 2.4.1)
  ref(
    'request.tool-choice-shape',
    '2.1',
    'tool_choice is auto, none, required, or an object of a known type ({type: "function", name}, allowed_tools, a hosted or gateway: tool); anything else is refused with 400.',
  ),
  ref(
    'request.reasoning-shape',
    '2.1',
    'reasoning is an object or null; effort and summary take only their listed values and max_tokens is a non-negative integer; anything else is refused with 400.',
  ),
  ref(
    'request.text-shape',
    '2.1',
    'text.format.type is text, json_object or json_schema, a json_schema format carries a schema, and text.verbosity is low, medium, high, xhigh or max; anything else is refused with 400.',
  ),
  ref('request.truncation-shape', '2.1', 'truncation is auto, disabled or null; anything else is refused with 400.'),
  ref(
    'request.input-item-shape',
    '2.3',
    'A function_call_output input item carries call_id and output, a function_call item call_id, name and arguments; one without is refused with 400.',
  ),
  ref('request.cache-ttl', '2.1', 'cache_control.ttl is 5m or 1h; another value is refused with 400.'),
  ref(
    'request.server-tool-parameters',
    '2.4.1',
    'The gateway:web_fetch tool takes parameters of the reference types (integers max_uses and max_content_tokens, an engine from its list, string arrays of domains); a wrong type is refused with 400.',
  ),
  spec('request.valid-served', '2.1, 4.1', 'A request within every rule of spec 2.1-2.5 is served: a 2xx answer with a Responses result.'),
  // Results (spec 2.2, 4.1)
  spec(
    'result.schema',
    '2.2, 4.1',
    'A non-streaming success is application/json holding a Responses result (id, object "response", created_at, status, model, output, usage, error null on success).',
  ),
  spec(
    'result.usage-arithmetic',
    '2.2',
    'usage counts are integers; total_tokens = input_tokens + output_tokens; cached tokens within input, reasoning tokens within output.',
  ),
  spec(
    'result.echo-settings',
    '2.2',
    'The result echoes the request settings instructions, max_output_tokens, metadata, frequency_penalty, presence_penalty, temperature, top_p, parallel_tool_calls, tool_choice, tools, service_tier and the members of text that were sent.',
  ),
  spec(
    'result.timestamps-seconds',
    '2.2',
    'created_at and completed_at are Unix times in whole seconds (not milliseconds), completed_at not before created_at.',
  ),
  ref(
    'result.structured-output',
    '2.1',
    'An answer to text.format json_schema is JSON valid for the schema (nested objects, bounded arrays, enums, pattern, format, anyOf, $ref), strict or not; to json_object, a JSON object.',
  ),
  ref(
    'result.server-tool-items',
    '2.4.1',
    'A gateway:datetime item carries id, a tool-call status (in_progress, completed, incomplete) and an ISO 8601 datetime; a gateway:web_fetch item carries id, status, the url and either the page (content, title) or an error.',
  ),
  inferred(
    'result.server-tool-called',
    '2.4.1',
    'With tool_choice "required" and a single gateway:datetime or gateway:web_fetch tool (with a URL in the prompt), the answer holds that tool\'s item.',
  ),
  ref(
    'result.reasoning-default',
    '2.1',
    'A model that /models lists as reasoning by default (reasoning.default_enabled, not mandatory) reasons when the request leaves reasoning unset (reasoning tokens above 0), and does not with reasoning.enabled false (0 reasoning tokens, no reasoning item).',
  ),
  ref('result.status-details', '2.2, 3', 'status agrees with incomplete_details: completed has incomplete_details null, incomplete names its reason there.'),
  ref(
    'result.output-cap',
    '2.2',
    'max_output_tokens is a cap (reference IncompleteDetails reason max_output_tokens): usage.output_tokens never exceeds it; an answer cut there is incomplete.',
  ),
  // Metadata (spec 2.1, 2.6)
  spec('metadata.opt-in', '2.1, 2.6', 'Without the metadata header (default disabled) neither results nor error bodies carry gateway_metadata.'),
  spec(
    'metadata.header-enabled',
    '2.1, 2.6',
    'X-Gateway-Metadata: enabled returns gateway_metadata on the result, matching spec 2.6; the value is read in any case (reference).',
  ),
  spec('metadata.requested-model', '2.6', 'gateway_metadata.requested on a served result is the model the request named.'),
  ref(
    'metadata.reference-members',
    '2.6',
    "gateway_metadata on a served result carries every member the reference requires (requested, strategy, region, summary, attempt, is_byok, endpoints with total and available); strategy is one of the reference's routing strategies; each attempt names a model, a provider and an integer status.",
  ),
  ref('metadata.on-streams', '2.6', "With the metadata header enabled, a stream carries gateway_metadata on its terminal event's response object."),
  inferred(
    'metadata.one-endpoint-selected',
    '2.6',
    'A served result was routed to one endpoint: exactly one of gateway_metadata.endpoints.available is selected, and total counts at least those listed.',
  ),
  spec(
    'metadata.on-chat-messages',
    '2.1, 2.6',
    'With the metadata header enabled, chat and Messages answers carry gateway_metadata too (on the completion or message, and in a stream on its last chunk or message_stop), naming the requested model.',
  ),
  spec('metadata.legacy-header', '2.1', 'The older X-Gateway-Experimental-Metadata: enabled has the same effect.'),
  spec('metadata.on-errors', '2.6, 7', 'With the metadata header enabled, error bodies carry gateway_metadata too.'),
  // Streams (spec 4.1, 6; reference grammar)
  spec('stream.event-stream', '4.1, 6.1', 'A stream request is answered 200 with content type text/event-stream.'),
  spec('stream.done', '4.1, 6.2', 'The stream ends with data: [DONE], once, as the last message.'),
  ref('stream.sequence-numbers', '6', 'Every event carries sequence_number, running 0, 1, 2, ... without gaps.'),
  ref(
    'stream.grammar',
    '6',
    'response.created comes first, then response.in_progress, then the items, then exactly one terminal event (completed, incomplete or failed) as the last event; each event matches its schema.',
  ),
  ref(
    'stream.item-identity',
    '6',
    'An output item keeps its id and output_index from output_item.added to output_item.done, every event of the item names that id and index, and every added item and content part is done.',
  ),
  ref(
    'stream.item-positions',
    '6',
    "An item's output_index is its position in the terminal response's output, and a content part's content_index lies within that item's content.",
  ),
  ref(
    'stream.terminal-status',
    '6, 2.2',
    'The terminal event agrees with its response: response.completed carries status completed and no incomplete_details, response.incomplete carries status incomplete with the reason, response.failed carries status failed with an error.',
  ),
  ref('stream.terminal-carries-response', '6, 2.2', 'The terminal event carries the whole response with output and usage, and the usage adds up.'),
  spec(
    'stream.deltas-join',
    '6.4',
    'Text, function-argument and reasoning deltas joined equal their done event, which always follows them, and the text equals the final output text.',
  ),
  ref(
    'stream.error-flat',
    '6, 7',
    'An in-stream error event is flat: {type: "error", code, message, param, sequence_number}, not an error object nested under error.',
  ),
  ref('stream.failure-in-stream', '6, 7', 'A failure after the 200 is reported in the stream: an error event, then response.failed, never a completed reply.'),
  ref('stream.split-reads', '6', 'Events split across network reads at any byte decode to the same conforming stream.'),
  ref('headers.generation-id', '4.1', 'Every answer carries an X-Generation-Id header.'),
  // Videos (spec 2.7, 2.8, 3, 4.2, 4.3)
  spec(
    'videos.submit-rules',
    '2.7, 8',
    'POST /videos refuses with 400: duration under 1, an aspect_ratio or resolution outside its list, an http callback address, a previous_job_id off its pattern, a session_id over 256 characters, a frame image whose frame_type is not first_frame or last_frame, an upscale factor not above 0, exact dimensions not WIDTHxHEIGHT, and a request with neither a prompt nor an image to start from.',
  ),
  spec('videos.unknown-404', '4.3, 7', 'Polling a job that was never submitted is 404 with the envelope.'),
  ref('videos.submit-202', '4.2', 'A video submit that is accepted answers 202.'),
  spec(
    'videos.job-shape',
    '2.8, 3, 4.2',
    'A submitted job is pending, its id matches gen-vid-<timestamp>-<20 alphanumerics> and its polling_url is the path {base}/videos/<id>.',
  ),
  spec('videos.forward-only', '3', 'A job moves only forward: pending, in_progress, then one terminal state, and a terminal job never changes again.'),
  spec(
    'videos.status-enum',
    '3',
    "A job's status is one of pending, in_progress, completed, failed, cancelled or expired at every look; no state of the gateway's own.",
  ),
  spec('videos.completed-usage', '2.8, 3', 'A completed job carries usage with cost (number) and is_byok (boolean).'),
  // Operations of spec 4.4 (reference shapes)
  spec('datasets.auth', '4.4, 5.2', 'GET /datasets/rankings-daily without a key is 401 with the envelope.'),
  ref(
    'datasets.rankings-order',
    '4.4',
    'Rankings rows are sorted by date, then total_tokens descending (ties alphabetical), top 50 per date plus one "other" row last; each grain keeps its dates.',
  ),
  ref('datasets.start-date-clamp', '4.4', 'A start_date before 2025-01-01 is clamped to that floor and echoed in meta.start_date.'),
  ref('datasets.query-validation', '4.4, 7', 'Malformed dates, unknown enum values and forbidden filter combinations are refused with 400.'),
  spec('audio.auth', '4.4, 5.2', 'POST /audio/transcriptions without a key, or with a wrong one, is 401 with the envelope.'),
  ref(
    'audio.request-rules',
    '4.4, 7',
    'A transcription without model or input_audio, with undecodable or empty audio, an unknown format, response_format or timestamp granularity is refused with 400.',
  ),
  inferred('audio.non-speech-model', '4.4, 7', 'A transcription asking a text model is refused (400 or 404), never served.'),
  ref('audio.json-transcription', '4.4', 'A base64 WAV transcription answers {text, usage} with usage.seconds equal to the audio duration.'),
  spec('audio.multipart', '4.4', 'POST /audio/transcriptions accepts a multipart/form-data upload (file + model).'),
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
  // Messages (spec 1 names the "third-party-compatible messages interface"; shapes from the reference's MessagesRequest, MessagesResult, MessagesStreamingResponse)
  ref(
    'messages.errors-shape',
    '1, 5.2, 7',
    'Error answers of POST /messages are {type: "error", error: {type, message}, request_id} with the error type matching the status (401 authentication_error, 400 invalid_request_error for malformed JSON or a request without messages; a missing max_tokens is no error: MessagesRequest requires only model and messages).',
  ),
  ref(
    'messages.request-bounds',
    '1, 7',
    'A Messages request breaking MessagesRequest (a message of an unknown role, messages not an array, max_tokens not an integer) is refused with 400 invalid_request_error.',
  ),
  ref(
    'messages.result-schema',
    '1',
    'A served messages request is 200 application/json holding a message: id, type "message", role assistant, container, content blocks (text with citations, tool_use with caller), model, stop_reason, stop_details, stop_sequence, usage with every AnthropicUsage member.',
  ),
  ref(
    'messages.stream-grammar',
    '1, 6',
    'A messages stream is 200 text/event-stream: message_start first, each content_block_start matched by a content_block_stop of the same index, indexes 0, 1, 2, ... in order, deltas only inside their open block and of its kind, then message_delta with a stop_reason, then message_stop last; ping may come anywhere.',
  ),
  ref(
    'messages.stream-event-members',
    '1, 6',
    'Every event of a Messages stream has an event: line naming its type and carries the members its reference schema requires (message_start: the whole message with its usage; content_block_start: index and a block with its required members; content_block_delta: index and a delta of a known kind; message_delta: delta with container, stop_details, stop_reason, stop_sequence and usage; message_stop: type).',
  ),
  ref(
    'messages.stop-reason-cause',
    '1',
    'stop_reason names why the answer stopped, judged by usage: output_tokens under max_tokens is end_turn, at max_tokens max_tokens, past it breaks the cap; a forced tool is tool_use; in a stream, message_delta says the same.',
  ),
  ref(
    'messages.tool-use-input',
    '1',
    'A tool_use block carries an id no other block shares, the name of a declared tool and an input object valid for its input_schema; streamed input_json_delta fragments join to the same.',
  ),
  ref(
    'messages.failure-in-stream',
    '1, 7',
    'A messages stream that fails after its 200 reports it as an error event {type: "error", error: {type, message}}, the last event: no message_stop follows it.',
  ),
  // Embeddings (spec 1 names the area; shapes from the reference's /embeddings)
  ref(
    'embeddings.shape-count',
    '1',
    'POST /embeddings answers object "list" and model with one data item per input, in order (object "embedding", index i, a vector of finite numbers), vectors of one length; usage is not required, but when sent has integer prompt_tokens and total_tokens.',
  ),
  ref('embeddings.base64', '1', 'encoding_format base64 is honoured: every embedding is a base64 string of float32 values, one per input.'),
  ref('embeddings.dimensions', '1', 'dimensions asks for vectors of that length: every vector has exactly that many numbers.'),
  inferred('embeddings.unit-length', '1', 'Embedding vectors are unit length (Euclidean norm 1 within 1e-4), so dot products are cosine similarities.'),
  // Generations and keys (spec 1 names generations, API keys and credits; shapes from the reference's GenerationResponse and GET /key)
  ref(
    'generation.lookup-consistent',
    '1, 4.1',
    'GET /generation?id=<X-Generation-Id of a paid answer> answers data describing that answer: the same id and model, its token counts and total_cost equal to its usage, streamed false; an id never issued is 404 with the envelope.',
  ),
  spec(
    'credits.limit-402',
    '7',
    'A paid request from an account whose usage has reached its credits (or a key past its limit) is refused with 402 and the envelope; once credits are added it is served again.',
  ),
  ref(
    'key.usage-moves',
    '1',
    'GET /key reports usage (and usage_daily) moved by the cost of each paid answer made with that key, and limit_remaining = limit - usage when the key has a limit.',
  ),
  // Every operation of the table (conformance/kit/: one declaration per endpoint)
  ref(
    'operations.answer-schema',
    '1, 4.4',
    "A served answer of every operation of the table has the status, content type and body its reference operation documents (judged with the package's own schema of that answer, as /openapi.json serves it); a binary answer is not empty.",
  ),
  spec(
    'operations.bad-input',
    '7',
    "Malformed JSON, a body member of the wrong type or a query parameter off its type is refused with 400 and the operation's error body, on every operation; never served, never a 5xx.",
  ),
  ref(
    'operations.unknown-id',
    '7',
    "A lookup of an object that does not exist (a model, a key hash, a generation id, a video job) is 404 with the operation's error body.",
  ),
  inferred(
    'operations.wrong-method',
    '7',
    'A method an operation does not take (POST /providers) is refused with 404 or 405 and the error envelope, never served.',
  ),
  spec(
    'auth.management-key',
    '5.3',
    'An operation that needs a management key refuses an ordinary key: with 403 where its reference operation lists 403 (GET /credits, POST /keys, POST /auth/keys/code), else with 401 or 403; never served.',
  ),
  ref(
    'credits.coinbase-gone',
    '5.2',
    'POST /credits/coinbase is deprecated and takes no key: every request, without credentials too, is 410 Gone with the envelope.',
  ),
  ref('auth-keys.unknown-code', '5.2', 'POST /auth/keys takes no key, the code is the credential: a code never issued is refused with 403 and the envelope.'),
  // Always-on (every exchange of every check)
  spec('always.error-envelope', '7', 'Every non-2xx answer any check receives from an operation carries the error envelope with code equal to the status.'),
  inferred(
    'always.no-unasked-5xx',
    '7',
    'No answer is a 5xx unless the request asked for one (the simulator fault header): a bad request is a 4xx, never a crash.',
  ),
];

/** The rule with this id (throws for an unknown id: a bug in a check). */
export function ruleById(id: string): Rule {
  const rule = RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`unknown rule ${id}`);
  return rule;
}
