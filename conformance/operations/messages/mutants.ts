import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onRequest, onResponse, onSse, type SeenRequest } from '../../mutants/rewrite.ts';

/** Plausible bugs of a Messages surface, one rule each (reference MessagesResult, MessagesStreamingResponse, AnthropicMessagesErrorResponse). */

type Json = Record<string, unknown>;
const isMessages = (request: SeenRequest) => request.url.pathname.endsWith('/messages');

/** Rewrite the messages (JSON answers of /messages). */
const onMessage =
  (change: (json: Json, request: SeenRequest) => void): Mutant['wrap'] =>
  (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (isMessages(request) && json.type === 'message') change(json, request);
    });

/**
 * Rewrite the events of messages streams (each `event:` name kept equal to its data's type).
 * `onSse` writes data-only messages, so the names are put back here.
 */
const onMessagesEvents =
  (change: (events: Json[]) => Json[]): Mutant['wrap'] =>
  (fetch) => {
    const rewritten = onSse(fetch, (data, request) => {
      if (!isMessages(request)) return data;
      const events = data.flatMap((d) => {
        try {
          const v: unknown = JSON.parse(d);
          return isObject(v) ? [v] : [];
        } catch {
          return [];
        }
      });
      return change(events).map((e) => JSON.stringify(e));
    });
    return async (input, init) => {
      const response = await rewritten(input, init);
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return response;
      const text = (await response.text()).replace(
        /data: (\{.*\})\n\n/g,
        (whole, json: string) => `event: ${String((JSON.parse(json) as Json).type)}\n${whole}`,
      );
      return new Response(text, { status: response.status, headers: response.headers });
    };
  };

export const messagesErrorsInEnvelope: Mutant = {
  id: 'messages-errors-in-envelope',
  breaks:
    'reference AnthropicMessagesErrorResponse: /messages errors come in the gateway envelope {error: {code, message}}, which Anthropic clients cannot read',
  caughtBy: 'messages.errors',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (!isMessages(request) || response.status < 400) return;
      response.text = JSON.stringify({ error: { code: response.status, message: 'request failed' } });
    }),
};

export const messagesUnknownRoleServed: Mutant = {
  id: 'messages-unknown-role-served',
  breaks: 'messages.request-bounds: a message of an unknown role is read as a user message and served',
  caughtBy: 'messages.validation',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (!isMessages(request) || !isObject(request.body) || !Array.isArray(request.body.messages)) return;
      for (const m of request.body.messages) if (isObject(m) && !['user', 'assistant', 'system'].includes(String(m.role))) m.role = 'user';
    }),
};

export const messagesTextWithoutCitations: Mutant = {
  id: 'messages-text-without-citations',
  breaks: 'messages.result-schema: text blocks leave out citations (required, an array or null)',
  caughtBy: 'messages.result-shape',
  wrap: onMessage((json) => {
    for (const block of Array.isArray(json.content) ? (json.content as unknown[]).filter(isObject) : []) if (block.type === 'text') delete block.citations;
  }),
};

export const messagesToolUseWithoutCaller: Mutant = {
  id: 'messages-tool-use-without-caller',
  breaks: 'messages.result-schema: tool_use blocks leave out caller (required)',
  caughtBy: 'messages.result-shape',
  wrap: onMessage((json) => {
    for (const block of Array.isArray(json.content) ? (json.content as unknown[]).filter(isObject) : []) if (block.type === 'tool_use') delete block.caller;
  }),
};

export const messagesStreamWithoutEventLines: Mutant = {
  id: 'messages-stream-without-event-lines',
  breaks: 'messages.stream-event-members: the stream sends data: lines only, no event: line naming each event',
  caughtBy: 'messages.stream-grammar',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (isMessages(request) && (response.headers.get('content-type') ?? '').includes('text/event-stream'))
        response.text = response.text.replace(/^event: .*\n/gm, '');
    }),
};

export const messagesStreamStartWithoutUsage: Mutant = {
  id: 'messages-stream-start-without-usage',
  breaks: 'messages.stream-event-members: message_start carries its message without usage (and without container)',
  caughtBy: 'messages.stream-grammar',
  wrap: onMessagesEvents((events) =>
    events.map((e) => (e.type === 'message_start' && isObject(e.message) ? { ...e, message: { ...e.message, usage: undefined, container: undefined } } : e)),
  ),
};

export const messagesStreamBlockWithoutCitations: Mutant = {
  id: 'messages-stream-block-without-citations',
  breaks: 'messages.stream-event-members: content_block_start opens a text block without citations',
  caughtBy: 'messages.stream-grammar',
  wrap: onMessagesEvents((events) =>
    events.map((e) =>
      e.type === 'content_block_start' && isObject(e.content_block) && e.content_block.type === 'text'
        ? { ...e, content_block: { type: 'text', text: '' } }
        : e,
    ),
  ),
};

export const messagesStreamDeltaWithoutUsage: Mutant = {
  id: 'messages-stream-delta-without-usage',
  breaks: 'messages.stream-event-members: message_delta carries its stop_reason but no usage, and a delta without stop_sequence',
  caughtBy: 'messages.stream-grammar',
  wrap: onMessagesEvents((events) =>
    events.map((e) => (e.type === 'message_delta' && isObject(e.delta) ? { type: 'message_delta', delta: { stop_reason: e.delta.stop_reason } } : e)),
  ),
};

export const messagesNoMetadata: Mutant = {
  id: 'messages-no-metadata',
  breaks: 'metadata.on-chat-messages: /messages ignores the metadata header (no gateway_metadata, plain or streamed)',
  caughtBy: 'metadata.chat-messages',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (isMessages(request)) request.headers.delete('x-gateway-metadata');
    }),
};

export const messagesCostDetailsResponsesNames: Mutant = {
  id: 'messages-cost-details-responses-names',
  breaks: 'usage.cost-details-names: Messages usage.cost_details uses the Responses names upstream_inference_input_cost / output_cost',
  caughtBy: 'usage.cost-details',
  wrap: onMessage((json) => {
    const usage = isObject(json.usage) ? json.usage : undefined;
    if (!usage) return;
    usage.cost_details = { upstream_inference_cost: null, upstream_inference_input_cost: 0.000001, upstream_inference_output_cost: 0.000002 };
  }),
};

export const messagesNoStopSequence: Mutant = {
  id: 'messages-no-stop-sequence',
  breaks: 'reference MessagesResult: stop_sequence (required, string or null) is left out',
  caughtBy: 'messages.result-shape',
  wrap: onMessage((json) => void delete json.stop_sequence),
};

export const messagesCutSaysEndTurn: Mutant = {
  id: 'messages-cut-says-end-turn',
  breaks: 'reference ORAnthropicStopReason: an answer cut at max_tokens says end_turn',
  caughtBy: 'messages.stop-reason',
  wrap: onMessage((json) => void (json.stop_reason === 'max_tokens' && (json.stop_reason = 'end_turn'))),
};

export const messagesToolUseInputString: Mutant = {
  id: 'messages-tool-use-input-string',
  breaks: 'reference AnthropicToolUseBlock: tool_use.input is sent as JSON text, not an object',
  caughtBy: 'messages.tool-use-input',
  wrap: onMessage((json) => {
    for (const block of Array.isArray(json.content) ? (json.content as unknown[]).filter(isObject) : [])
      if (block.type === 'tool_use') block.input = JSON.stringify(block.input);
  }),
};

export const messagesStreamIndexFromOne: Mutant = {
  id: 'messages-stream-index-from-one',
  breaks: 'reference MessagesStreamingResponse: content block indexes count from 1',
  caughtBy: 'messages.stream-grammar',
  wrap: onMessagesEvents((events) => events.map((e) => (typeof e.index === 'number' ? { ...e, index: e.index + 1 } : e))),
};

export const messagesStreamNoBlockStop: Mutant = {
  id: 'messages-stream-no-block-stop',
  breaks: 'reference MessagesStreamingResponse: content_block_stop is never sent',
  caughtBy: 'messages.stream-grammar',
  wrap: onMessagesEvents((events) => events.filter((e) => e.type !== 'content_block_stop')),
};

export const messagesStreamStopBeforeDelta: Mutant = {
  id: 'messages-stream-stop-before-delta',
  breaks: 'reference MessagesStreamingResponse: message_stop comes before message_delta',
  caughtBy: 'messages.stream-grammar',
  wrap: onMessagesEvents((events) => {
    const stop = events.filter((e) => e.type === 'message_stop');
    const delta = events.filter((e) => e.type === 'message_delta');
    return [...events.filter((e) => e.type !== 'message_stop' && e.type !== 'message_delta'), ...stop, ...delta];
  }),
};

export const messagesStreamErrorThenStop: Mutant = {
  id: 'messages-stream-error-then-stop',
  breaks: 'reference MessagesErrorEvent: message_stop still follows the in-stream error, so the cut answer looks complete',
  caughtBy: 'messages.in-stream-error',
  wrap: onMessagesEvents((events) =>
    events.some((e) => e.type === 'error') && !events.some((e) => e.type === 'message_stop') ? [...events, { type: 'message_stop' }] : events,
  ),
};

export const MESSAGES_MUTANTS: readonly Mutant[] = [
  messagesErrorsInEnvelope,
  messagesUnknownRoleServed,
  messagesTextWithoutCitations,
  messagesToolUseWithoutCaller,
  messagesStreamWithoutEventLines,
  messagesStreamStartWithoutUsage,
  messagesStreamBlockWithoutCitations,
  messagesStreamDeltaWithoutUsage,
  messagesNoMetadata,
  messagesCostDetailsResponsesNames,
  messagesNoStopSequence,
  messagesCutSaysEndTurn,
  messagesToolUseInputString,
  messagesStreamIndexFromOne,
  messagesStreamNoBlockStop,
  messagesStreamStopBeforeDelta,
  messagesStreamErrorThenStop,
];
