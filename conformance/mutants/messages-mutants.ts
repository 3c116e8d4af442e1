import type { Mutant } from './mutant.ts';
import { isObject, onJson, onRequest, onResponse, onSse, type SeenRequest } from './rewrite.ts';

/** Plausible bugs of a Messages surface, one rule each (reference MessagesResult, MessagesStreamingResponse, AnthropicMessagesErrorResponse). */

type Json = Record<string, unknown>;
const isMessages = (request: SeenRequest) => request.url.pathname.endsWith('/messages');

/** Rewrite the messages (JSON answers of /messages). */
const onMessage = (change: (json: Json, request: SeenRequest) => void): Mutant['wrap'] => (fetch) =>
  onJson(fetch, (json, _response, request) => {
    if (isMessages(request) && json.type === 'message') change(json, request);
  });

/**
 * Rewrite the events of messages streams (each `event:` name kept equal to its data's type).
 * `onSse` writes data-only messages, so the names are put back here.
 */
const onMessagesEvents = (change: (events: Json[]) => Json[]): Mutant['wrap'] => (fetch) => {
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
    const text = (await response.text()).replace(/data: (\{.*\})\n\n/g, (whole, json: string) => `event: ${String((JSON.parse(json) as Json).type)}\n${whole}`);
    return new Response(text, { status: response.status, headers: response.headers });
  };
};

export const messagesErrorsInEnvelope: Mutant = {
  id: 'messages-errors-in-envelope',
  breaks: 'reference AnthropicMessagesErrorResponse: /messages errors come in the gateway envelope {error: {code, message}}, which Anthropic clients cannot read',
  caughtBy: 'messages.errors',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (!isMessages(request) || response.status < 400) return;
      response.text = JSON.stringify({ error: { code: response.status, message: 'request failed' } });
    }),
};

export const messagesMissingMaxTokensServed: Mutant = {
  id: 'messages-missing-max-tokens-served',
  breaks: 'reference MessagesRequest: a request without max_tokens (required) is served with a default',
  caughtBy: 'messages.errors',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (isMessages(request) && isObject(request.body) && request.body.max_tokens === undefined) request.body.max_tokens = 16;
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
    for (const block of Array.isArray(json.content) ? (json.content as unknown[]).filter(isObject) : []) if (block.type === 'tool_use') block.input = JSON.stringify(block.input);
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
  wrap: onMessagesEvents((events) => (events.some((e) => e.type === 'error') && !events.some((e) => e.type === 'message_stop') ? [...events, { type: 'message_stop' }] : events)),
};

export const MESSAGES_MUTANTS: readonly Mutant[] = [
  messagesErrorsInEnvelope,
  messagesMissingMaxTokensServed,
  messagesNoStopSequence,
  messagesCutSaysEndTurn,
  messagesToolUseInputString,
  messagesStreamIndexFromOne,
  messagesStreamNoBlockStop,
  messagesStreamStopBeforeDelta,
  messagesStreamErrorThenStop,
];
