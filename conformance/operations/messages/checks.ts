import fc from 'fast-check';
import type { Check, CheckContext, Judgement } from '../../check.ts';
import { boundaryRuleCheck } from '../../property/boundary-rule-check.ts';
import type { Stratum } from '../../property/stratum.ts';
import type { Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import {
  EVENT_MEMBERS,
  expectMessagesError,
  messagesInStreamErrorProblems,
  messagesResultShapeProblems,
  messagesStopReasonProblems,
  messagesStreamGrammarProblems,
  messagesToolUseProblems,
} from './oracles.ts';
import { judgeSamples, type Sample } from '../../property/judge-shared.ts';
import { owesSampleSets, sampleSet } from '../../property/sample-set.ts';
import { probeAll } from '../../property/probe-all.ts';
import { baseMessagesRequest, messagesCauseRequest, messagesSamples } from './samples.ts';
import { paidCount } from '../../property/owed-probes.ts';

/** The messages samples, each stop cause once, sent once per run and judged by every messages check. */
export const MESSAGES_JSON_SAMPLES = sampleSet('messages.json', (ctx) => messagesSamples(ctx, false));
export const MESSAGES_STREAM_SAMPLES = sampleSet('messages.stream', (ctx) => messagesSamples(ctx, true));
const jsonSamples = (ctx: CheckContext) => MESSAGES_JSON_SAMPLES.samples(ctx);
const streamSamples = (ctx: CheckContext) => MESSAGES_STREAM_SAMPLES.samples(ctx);
const causeOf = (sample: Sample) => sample.label.split(' ')[0]!;
const toolSamples = (samples: readonly Sample[]) => samples.filter((s) => causeOf(s) === 'tool_use');
const isStreamed = (sample: Sample) => (sample.probe.body as { stream?: unknown } | undefined)?.stream === true;
/** Both sample sets, the streamed ones labelled so: a check judging both passes on what it could judge, noting the rest. */
const plainAndStreamed = async (ctx: CheckContext): Promise<Sample[]> => [
  ...(await jsonSamples(ctx)),
  ...(await streamSamples(ctx)).map((s) => ({ ...s, label: `${s.label} (streamed)` })),
];

/** Statuses the simulator produces on demand for messages (its `X-Gatewaykit-Fault` control). */
const FORCED_STATUSES = [402, 429, 529] as const;

/** reference `AnthropicMessagesErrorResponse`: the error shape Anthropic clients parse. */
export const messagesErrors: Check = {
  id: 'messages.errors',
  spec: 'spec 5.2, 7; reference AnthropicMessagesErrorResponse',
  rules: ['messages.errors-shape'],
  title:
    'Messages errors are {type: "error", error: {type, message}, request_id}: no key or a wrong key 401 authentication_error, malformed JSON or no messages 400 invalid_request_error (simulator: forced 402, 429, 529)',
  // A forced status is the answer to that one request (X-Gatewaykit-Fault): nothing other checks see.
  exclusive: false,
  owes: (ctx) => ({ own: paidCount(messagesErrorCases(ctx).map((c) => c.probe)) }),
  run: async (ctx) => {
    const cases = messagesErrorCases(ctx);
    const statusOf = new Map(cases.map((c) => [c.probe, c.status]));
    // Every case is sent, failing or not: the always-on oracles judge each answer (the malformed JSON's body included).
    return probeAll(
      ctx,
      cases.map((c) => c.probe),
      (exchange: Exchange, probe) => expectMessagesError(statusOf.get(probe)!)(exchange),
      { retryOn429: false },
      { sendAll: true },
    );
  },
};

/** Each kind of messages error request and the status it must get. */
export function messagesErrorCases(ctx: Pick<CheckContext, 'model' | 'simulator'>): { probe: Probe; status: number }[] {
  const body = baseMessagesRequest(ctx.model);
  // reference MessagesRequest requires only model and messages: a missing max_tokens is no error.
  return [
    { probe: { method: 'POST', path: '/messages', auth: 'none', body }, status: 401 },
    { probe: { method: 'POST', path: '/messages', auth: { header: 'Bearer sk-conformance-invalid' }, body }, status: 401 },
    { probe: { method: 'POST', path: '/messages', rawBody: '{"model":' }, status: 400 },
    { probe: { method: 'POST', path: '/messages', body: { model: ctx.model, max_tokens: 16 } }, status: 400 },
    ...(ctx.simulator
      ? FORCED_STATUSES.map((status) => ({
          probe: { method: 'POST', path: '/messages', headers: { 'X-Gatewaykit-Fault': String(status) }, body } as Probe,
          status,
        }))
      : []),
  ];
}

/** reference `MessagesResult`. */
export const messagesResultShape: Check = {
  id: 'messages.result-shape',
  exclusive: false,
  spec: 'reference MessagesResult, AnthropicUsage',
  rules: ['messages.result-schema'],
  title:
    'POST /messages answers 200 application/json with a message (id, type, role, container, content blocks, model, stop_reason, stop_details, stop_sequence, usage)',
  owes: owesSampleSets(MESSAGES_JSON_SAMPLES),
  run: async (ctx) => judgeSamples(await jsonSamples(ctx), messagesResultShapeProblems),
};

/** reference `MessagesStreamingResponse`. */
export const messagesStreamGrammar: Check = {
  id: 'messages.stream-grammar',
  exclusive: false,
  spec: 'reference MessagesStreamingResponse',
  rules: ['messages.stream-grammar', 'messages.stream-event-members'],
  title:
    'Messages streams: each event on its event: line with the members its schema requires; message_start first, blocks opened and stopped at consecutive indexes with deltas of their kind, one message_delta with stop_reason, message_stop last',
  owes: owesSampleSets(MESSAGES_STREAM_SAMPLES),
  run: async (ctx) =>
    judgeSamples(await streamSamples(ctx), messagesStreamGrammarProblems, {
      rulesOf: (problems) => [...new Set(problems.map((p) => (p.startsWith(EVENT_MEMBERS) ? 'messages.stream-event-members' : 'messages.stream-grammar')))],
    }),
};

/** reference `ORAnthropicStopReason`, plain and streamed. */
export const messagesStopReason: Check = {
  id: 'messages.stop-reason',
  exclusive: false,
  spec: 'reference ORAnthropicStopReason',
  rules: ['messages.stop-reason-cause'],
  title:
    'stop_reason names the stop cause, judged by usage: under max_tokens end_turn, at it max_tokens, past it breaks the cap; a forced tool tool_use (plain and streamed)',
  owes: owesSampleSets(MESSAGES_JSON_SAMPLES, MESSAGES_STREAM_SAMPLES),
  run: async (ctx) => judgeSamples(await plainAndStreamed(ctx), (e, s) => messagesStopReasonProblems(e, causeOf(s), isStreamed(s), s.probe.body)),
};

/** reference `AnthropicToolUseBlock` and `input_json_delta`. */
export const messagesToolUse: Check = {
  id: 'messages.tool-use-input',
  exclusive: false,
  spec: 'reference AnthropicToolUseBlock, MessagesContentBlockDeltaEvent',
  rules: ['messages.tool-use-input'],
  title: 'A forced tool_use block has an id of its own, a declared tool name and an input valid for its input_schema (plain, and joined from input_json_delta)',
  owes: owesSampleSets(MESSAGES_JSON_SAMPLES, MESSAGES_STREAM_SAMPLES),
  run: async (ctx) => judgeSamples(toolSamples(await plainAndStreamed(ctx)), (e, s) => messagesToolUseProblems(e, s.probe.body, isStreamed(s))),
};

/** reference `MessagesErrorEvent`: the simulator's stream-error fault fails a stream after its 200. */
export const messagesInStreamError: Check = {
  id: 'messages.in-stream-error',
  exclusive: false,
  spec: 'spec 7; reference MessagesErrorEvent',
  rules: ['messages.failure-in-stream'],
  title: 'A messages stream failing after its 200 ends with an error event {type, message}, with no message_stop after it',
  requires: ['simulator'],
  run: async (ctx) => {
    const probe: Probe = {
      method: 'POST',
      path: '/messages',
      headers: { 'X-Gatewaykit-Fault': 'stream-error' },
      body: { ...messagesCauseRequest('end_turn', ctx.model), stream: true },
    };
    return probeAll(ctx, [probe], messagesInStreamErrorProblems);
  },
};

/** A served messages answer: a 2xx message (else `messages.result-shape` owns it). */
function messagesServed(answer: Exchange): Judgement {
  if (answer.status >= 200 && answer.status < 300) return [];
  return [`a valid messages request was refused with HTTP ${answer.status}: ${answer.text.slice(0, 160)}`];
}

/** reference `MessagesRequest`: one breaker per bound, each a stratum sent at its smallest first. */
export function messagesBreakerStrata(model: string): Stratum<Record<string, unknown>>[] {
  const base = baseMessagesRequest(model);
  return [
    {
      label: 'a message of an unknown role',
      arbitrary: fc.constantFrom('robot', 'moderator', 'tool').map((role) => ({ ...base, messages: [{ role, content: 'Say OK.' }] })),
    },
    {
      label: 'messages not an array',
      arbitrary: fc.constantFrom<unknown>('Say OK.', { role: 'user', content: 'Say OK.' }).map((messages) => ({ ...base, messages })),
    },
    { label: 'max_tokens not an integer', arbitrary: fc.constantFrom<unknown>('16', 1.5).map((max_tokens) => ({ ...base, max_tokens })) },
  ];
}

/** reference `MessagesRequest` bounds: refused with 400 in the Anthropic error shape; the base request is served. */
export const messagesValidation = boundaryRuleCheck({
  id: 'messages.validation',
  spec: 'reference MessagesRequest, AnthropicMessagesErrorResponse',
  rules: ['messages.request-bounds'],
  title:
    'Messages requests breaking MessagesRequest (an unknown role, messages not an array, max_tokens not an integer) are refused with 400 invalid_request_error; the base request is served',
  path: '/messages',
  accepted: (ctx) => [baseMessagesRequest(ctx.model)],
  served: messagesServed,
  refused: expectMessagesError(400),
  violating: (ctx) => messagesBreakerStrata(ctx.model),
});

export const MESSAGES_CHECKS: readonly Check[] = [
  messagesErrors,
  messagesValidation,
  messagesResultShape,
  messagesStopReason,
  messagesToolUse,
  messagesStreamGrammar,
  messagesInStreamError,
];
