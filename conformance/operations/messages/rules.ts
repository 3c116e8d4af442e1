import { ref, type Rule } from '../../rules/rule.ts';

/** The rules of POST /messages. */
export const MESSAGES_RULES: readonly Rule[] = [
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
];
