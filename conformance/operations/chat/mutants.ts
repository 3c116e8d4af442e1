import type { Mutant } from '../../mutants/mutant.ts';
import { dropPartCacheControl, isObject, onJson, onRequest, onResponse, onStreamEvents, type SeenRequest } from '../../mutants/rewrite.ts';

/** Plausible bugs of a Chat Completions surface, one rule each (reference ChatRequest, ChatResult, ChatStreamingResponse). */

type Json = Record<string, unknown>;
const isChat = (request: SeenRequest) => request.url.pathname.endsWith('/chat/completions');
const choicesOf = (json: Json): Json[] => (Array.isArray(json.choices) ? (json.choices as unknown[]).filter(isObject) : []);

/** Rewrite the chat completions (JSON answers of /chat/completions). */
const onChatResult =
  (change: (json: Json, request: SeenRequest) => void): Mutant['wrap'] =>
  (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (isChat(request) && json.object === 'chat.completion') change(json, request);
    });

/** Rewrite the chunks of chat streams. */
const onChatChunks =
  (change: (chunks: Json[], request: SeenRequest) => Json[]): Mutant['wrap'] =>
  (fetch) =>
    onStreamEvents(fetch, (events, request) => (isChat(request) ? change(events, request) : events));

export const chatErrorsOpenAiStyle: Mutant = {
  id: 'chat-errors-openai-style',
  breaks: 'spec 7: chat errors come in the OpenAI style {error: {message, type}}, without the numeric code',
  caughtBy: 'chat.errors',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (!isChat(request) || response.status < 400) return;
      response.text = JSON.stringify({ error: { message: 'request failed', type: 'invalid_request_error' } });
    }),
};

export const chatStopBoundRepaired: Mutant = {
  id: 'chat-stop-bound-repaired',
  breaks: 'reference ChatRequest: stop with more than 4 entries is cut to 4 and served instead of refused',
  caughtBy: 'chat.validation',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (isChat(request) && isObject(request.body) && Array.isArray(request.body.stop)) request.body.stop = request.body.stop.slice(0, 4);
    }),
};

export const chatPartCacheControlUnchecked: Mutant = {
  id: 'chat-part-cache-control-unchecked',
  breaks: 'reference AnthropicCacheControlDirective: a content part whose cache_control.type is not ephemeral is served (the directive dropped)',
  caughtBy: 'chat.validation',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (isChat(request) && isObject(request.body)) dropPartCacheControl(request.body.messages);
    }),
};

export const chatUnknownRoleServed: Mutant = {
  id: 'chat-unknown-role-served',
  breaks: 'reference ChatMessages: a message of an unknown role is read as a user message and served',
  caughtBy: 'chat.validation',
  runs: 40,
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (!isChat(request) || !isObject(request.body) || !Array.isArray(request.body.messages)) return;
      for (const m of request.body.messages) if (isObject(m) && !['system', 'developer', 'user', 'assistant', 'tool'].includes(String(m.role))) m.role = 'user';
    }),
};

export const chatNoSystemFingerprint: Mutant = {
  id: 'chat-no-system-fingerprint',
  breaks: 'reference ChatResult: system_fingerprint (required, string or null) is left out',
  caughtBy: 'chat.result-shape',
  wrap: onChatResult((json) => void delete json.system_fingerprint),
};

export const chatCreatedInMilliseconds: Mutant = {
  id: 'chat-created-in-milliseconds',
  breaks: 'reference ChatResult: created is in milliseconds',
  caughtBy: 'chat.result-shape',
  wrap: onChatResult((json) => void (typeof json.created === 'number' && (json.created = json.created * 1000))),
};

export const chatUsageTotalOff: Mutant = {
  id: 'chat-usage-total-off',
  breaks: 'reference ChatUsage: total_tokens counts one token more than prompt + completion',
  caughtBy: 'chat.usage',
  wrap: onChatResult((json) => {
    if (isObject(json.usage) && typeof json.usage.total_tokens === 'number') json.usage.total_tokens += 1;
  }),
};

export const chatCutSaysStop: Mutant = {
  id: 'chat-cut-says-stop',
  breaks: 'reference ChatFinishReasonEnum: an answer cut at max_tokens says finish_reason stop',
  caughtBy: 'chat.finish-reason',
  wrap: onChatResult((json) => {
    for (const choice of choicesOf(json)) if (choice.finish_reason === 'length') choice.finish_reason = 'stop';
  }),
};

export const chatToolCallSaysStop: Mutant = {
  id: 'chat-tool-call-says-stop',
  breaks: 'reference ChatFinishReasonEnum: a streamed tool call finishes with stop, not tool_calls',
  caughtBy: 'chat.finish-reason',
  wrap: onChatChunks((chunks) =>
    chunks.map((c) => ({
      ...c,
      choices: (Array.isArray(c.choices) ? (c.choices as Json[]) : []).map((ch) => (ch.finish_reason === 'tool_calls' ? { ...ch, finish_reason: 'stop' } : ch)),
    })),
  ),
};

export const chatToolArgumentsCut: Mutant = {
  id: 'chat-tool-arguments-cut',
  breaks: 'reference ChatToolCall: function.arguments lose their last character, so they are not JSON',
  caughtBy: 'chat.tool-calls',
  wrap: onChatResult((json) => {
    for (const choice of choicesOf(json)) {
      const message = isObject(choice.message) ? choice.message : {};
      for (const call of Array.isArray(message.tool_calls) ? (message.tool_calls as unknown[]).filter(isObject) : []) {
        if (isObject(call.function) && typeof call.function.arguments === 'string') call.function.arguments = call.function.arguments.slice(0, -1);
      }
    }
  }),
};

export const chatResponseFormatIgnored: Mutant = {
  id: 'chat-response-format-ignored',
  breaks: 'reference ChatFormatJsonSchemaConfig: response_format is ignored and prose comes back',
  caughtBy: 'chat.response-format',
  wrap: onChatResult((json, request) => {
    const format = isObject(request.body) && isObject(request.body.response_format) ? request.body.response_format.type : undefined;
    if (format !== 'json_schema' && format !== 'json_object') return;
    for (const choice of choicesOf(json)) if (isObject(choice.message)) choice.message.content = 'Here is a short answer about your question.';
  }),
};

export const chatStreamUsageOnlyWhenAsked: Mutant = {
  id: 'chat-stream-usage-only-when-asked',
  breaks: 'chat.stream-grammar: the usage chunk comes only when stream_options.include_usage asks for it (the reference always includes it)',
  caughtBy: 'chat.stream-grammar',
  wrap: onChatChunks((chunks, request) => {
    const asked = isObject(request.body) && isObject(request.body.stream_options) && request.body.stream_options.include_usage === true;
    return asked ? chunks : chunks.filter((c) => !(isObject(c.usage) && Array.isArray(c.choices) && c.choices.length === 0));
  }),
};

export const chatChoiceIndexFromOne: Mutant = {
  id: 'chat-choice-index-from-one',
  breaks: 'chat.choice-index: choices count their index from 1',
  caughtBy: 'chat.result-shape',
  wrap: onChatResult((json) => {
    for (const choice of choicesOf(json)) if (typeof choice.index === 'number') choice.index += 1;
  }),
};

export const chatLogprobsDropped: Mutant = {
  id: 'chat-logprobs-dropped',
  breaks: 'chat.logprobs: logprobs: true is accepted but every choice says logprobs null',
  caughtBy: 'chat.logprobs',
  wrap: onChatResult((json) => {
    for (const choice of choicesOf(json)) choice.logprobs = null;
  }),
};

export const chatUsagePastCap: Mutant = {
  id: 'chat-usage-past-cap',
  breaks: 'chat.finish-reason-cause: an answer cut at max_tokens reports one completion token more than the cap',
  caughtBy: 'chat.finish-reason',
  wrap: onChatResult((json) => {
    if (!isObject(json.usage) || typeof json.usage.completion_tokens !== 'number' || typeof json.usage.total_tokens !== 'number') return;
    if (!choicesOf(json).some((c) => c.finish_reason === 'length')) return;
    json.usage.completion_tokens += 1;
    json.usage.total_tokens += 1;
  }),
};

export const chatNoMetadata: Mutant = {
  id: 'chat-no-metadata',
  breaks: 'metadata.on-chat-messages: /chat/completions ignores the metadata header (no gateway_metadata, plain or streamed)',
  caughtBy: 'metadata.chat-messages',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (isChat(request)) request.headers.delete('x-gateway-metadata');
    }),
};

export const chatCostDetailsResponsesNames: Mutant = {
  id: 'chat-cost-details-responses-names',
  breaks: 'usage.cost-details-names: chat usage.cost_details uses the Responses names upstream_inference_input_cost / output_cost',
  caughtBy: 'usage.cost-details',
  wrap: onChatResult((json) => {
    if (isObject(json.usage))
      json.usage.cost_details = { upstream_inference_cost: null, upstream_inference_input_cost: 0.000001, upstream_inference_output_cost: 0.000002 };
  }),
};

export const chatStreamNoUsageChunk: Mutant = {
  id: 'chat-stream-no-usage-chunk',
  breaks: 'reference ChatStreamOptions: stream_options.include_usage gets no usage chunk',
  caughtBy: 'chat.stream-grammar',
  wrap: onChatChunks((chunks) =>
    chunks.filter((c) => !(isObject(c.usage) && Array.isArray(c.choices) && c.choices.length === 0)).map((c) => ({ ...c, usage: null })),
  ),
};

export const chatStreamUsageFirst: Mutant = {
  id: 'chat-stream-usage-first',
  breaks: 'reference ChatStreamingResponse: the usage chunk comes before the finishing chunk',
  caughtBy: 'chat.stream-grammar',
  wrap: onChatChunks((chunks) => {
    const usage = chunks.filter((c) => isObject(c.usage));
    return usage.length === 0 ? chunks : [chunks[0]!, ...usage, ...chunks.slice(1).filter((c) => !isObject(c.usage))];
  }),
};

export const chatStreamDropsLastDelta: Mutant = {
  id: 'chat-stream-drops-last-delta',
  breaks: 'reference ChatStreamDelta: the last content delta is lost, so the stream says less than the plain answer',
  caughtBy: 'chat.stream-join',
  wrap: onChatChunks((chunks) => {
    const withContent = chunks
      .map((c, i) => ({ c, i }))
      .filter(
        ({ c }) =>
          Array.isArray(c.choices) &&
          (c.choices as Json[]).some(
            (ch) => isObject(ch.delta) && typeof ch.delta.content === 'string' && ch.delta.content !== '' && ch.delta.role === undefined,
          ),
      );
    const last = withContent.at(-1);
    return last === undefined ? chunks : chunks.filter((_, i) => i !== last.i);
  }),
};

export const chatStreamErrorSwallowed: Mutant = {
  id: 'chat-stream-error-swallowed',
  breaks: 'reference ChatStreamChunk.error: a stream failing after its 200 drops the error and finishes stop, so the cut answer looks complete',
  caughtBy: 'chat.in-stream-error',
  wrap: onChatChunks((chunks) =>
    chunks.map(({ error: _error, ...c }) => ({
      ...c,
      choices: (Array.isArray(c.choices) ? (c.choices as Json[]) : []).map((ch) => (ch.finish_reason === 'error' ? { ...ch, finish_reason: 'stop' } : ch)),
    })),
  ),
};

export const chatNoGenerationId: Mutant = {
  id: 'chat-no-generation-id',
  breaks: 'reference: chat answers carry no X-Generation-Id (only /responses sets it)',
  caughtBy: 'always.generation-id',
  with: ['chat.result-shape'],
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (isChat(request)) response.headers.delete('x-generation-id');
    }),
};

export const CHAT_MUTANTS: readonly Mutant[] = [
  chatErrorsOpenAiStyle,
  chatStopBoundRepaired,
  chatPartCacheControlUnchecked,
  chatUnknownRoleServed,
  chatNoSystemFingerprint,
  chatCreatedInMilliseconds,
  chatUsageTotalOff,
  chatCutSaysStop,
  chatToolCallSaysStop,
  chatToolArgumentsCut,
  chatResponseFormatIgnored,
  chatStreamUsageOnlyWhenAsked,
  chatChoiceIndexFromOne,
  chatLogprobsDropped,
  chatUsagePastCap,
  chatNoMetadata,
  chatCostDetailsResponsesNames,
  chatStreamNoUsageChunk,
  chatStreamUsageFirst,
  chatStreamDropsLastDelta,
  chatStreamErrorSwallowed,
  chatNoGenerationId,
];
