import { spec, ref, inferred, type Rule } from '../../rules/rule.ts';

/** The rules of POST /responses: its authentication, errors, limits, reference shapes, results, metadata and streams (spec 2-8). */
export const RESPONSES_RULES: readonly Rule[] = [
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
];
