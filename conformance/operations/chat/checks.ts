import fc from 'fast-check';
import { jsonFormatStrata, STRUCTURED_SCHEMAS, type JsonFormat } from '../../arbitraries/structured-output-formats.ts';
import type { Check, CheckContext, Inconclusive, Judgement } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import {
  CHOICE_INDEX,
  chatLogprobsProblems,
  isUsageMissing,
  chatFinishReasonProblems,
  chatResponseFormatProblems,
  chatResultShapeProblems,
  chatToolCallProblems,
  chatUsageProblems,
  finishReasonProblems,
  maxTokensOf,
} from './result-oracles.ts';
import {
  chatChunks,
  chatInStreamErrorProblems,
  chatStreamGrammarProblems,
  chatStreamJoinProblems,
  chatStreamToolCallProblems,
  streamedFinishReason,
  streamedUsage,
} from './stream-oracles.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { boundaryRuleCheck } from '../../property/boundary-rule-check.ts';
import type { Stratum } from '../../property/stratum.ts';
import { judgeSamples, type Sample } from '../../property/judge-shared.ts';
import { owesSampleSets, sampleSet } from '../../property/sample-set.ts';
import { probeAll } from '../../property/probe-all.ts';
import { runProperty } from '../../property/run-property.ts';
import { asksForUsage, baseChatRequest, chatCauseRequest, chatSamples, type ChatCause } from './samples.ts';
import { paidCount } from '../../property/owed-probes.ts';

/** The chat samples, each stop cause once, sent once per run and judged by every chat check. */
export const CHAT_JSON_SAMPLES = sampleSet('chat.json', (ctx) => chatSamples(ctx, false));
export const CHAT_STREAM_SAMPLES = sampleSet('chat.stream', (ctx) => chatSamples(ctx, true));
const jsonSamples = (ctx: CheckContext) => CHAT_JSON_SAMPLES.samples(ctx);
const streamSamples = (ctx: CheckContext) => CHAT_STREAM_SAMPLES.samples(ctx);
const causeOf = (sample: Sample): ChatCause => sample.label.split(' ')[0] as ChatCause;
const isStreamed = (sample: Sample) => (sample.probe.body as { stream?: unknown } | undefined)?.stream === true;
/** Both sample sets, the streamed ones labelled so: a check judging both passes on what it could judge, noting the rest. */
const plainAndStreamed = async (ctx: CheckContext): Promise<Sample[]> => [
  ...(await jsonSamples(ctx)),
  ...(await streamSamples(ctx)).map((s) => ({ ...s, label: `${s.label} (streamed)` })),
];
const isInconclusive = (j: unknown): j is Inconclusive => typeof (j as { inconclusive?: unknown })?.inconclusive === 'string';

/** reference `ChatResult`: every served chat answer is a chat completion. */
export const chatResultShape: Check = {
  id: 'chat.result-shape',
  exclusive: false,
  spec: 'reference ChatResult',
  rules: ['chat.result-schema', 'chat.choice-index'],
  title:
    "POST /chat/completions answers 200 application/json with a chat completion (id, object, created in seconds, model, system_fingerprint, choices, each choice's index its position)",
  owes: owesSampleSets(CHAT_JSON_SAMPLES),
  run: async (ctx) =>
    judgeSamples(await jsonSamples(ctx), chatResultShapeProblems, {
      rulesOf: (problems) => [...new Set(problems.map((p) => (p.includes(CHOICE_INDEX) ? 'chat.choice-index' : 'chat.result-schema')))],
    }),
};

/** reference `ChatUsage`. */
export const chatUsage: Check = {
  id: 'chat.usage',
  exclusive: false,
  spec: 'reference ChatUsage',
  rules: ['chat.usage-arithmetic', 'chat.usage-present'],
  title:
    'Chat usage: integer counts, total = prompt + completion, cached <= prompt, reasoning <= completion, cost not negative; present on every completion (advice)',
  owes: owesSampleSets(CHAT_JSON_SAMPLES),
  // The reference does not require usage on a completion: an answer without it breaks only the inferred rule.
  run: async (ctx) =>
    judgeSamples(await jsonSamples(ctx), chatUsageProblems, {
      rulesOf: (problems) => (problems.every(isUsageMissing) ? ['chat.usage-present'] : ['chat.usage-arithmetic']),
    }),
};

/** reference `ChatFinishReasonEnum`: the finish reason names the stop cause, plain and streamed. */
export const chatFinishReason: Check = {
  id: 'chat.finish-reason',
  exclusive: false,
  spec: 'reference ChatFinishReasonEnum',
  rules: ['chat.finish-reason-cause'],
  title:
    'finish_reason names the stop cause, judged by usage: under max_tokens stop, at it length, past it breaks the cap; a forced tool call tool_calls (plain and streamed)',
  owes: owesSampleSets(CHAT_JSON_SAMPLES, CHAT_STREAM_SAMPLES),
  run: async (ctx) =>
    judgeSamples(await plainAndStreamed(ctx), (e, s): Judgement => {
      if (!isStreamed(s)) return chatFinishReasonProblems(e, causeOf(s), s.probe.body);
      const chunks = chatChunks(e);
      return isInconclusive(chunks)
        ? chunks
        : finishReasonProblems(streamedFinishReason(chunks), causeOf(s), streamedUsage(chunks)?.completion_tokens, maxTokensOf(s.probe.body));
    }),
};

/** reference `ChatStreamingResponse`. */
export const chatStreamGrammar: Check = {
  id: 'chat.stream-grammar',
  exclusive: false,
  spec: 'reference ChatStreamingResponse, ChatStreamOptions',
  rules: ['chat.stream-grammar'],
  title: 'Chat streams: chunks of one id, role assistant on the first delta, one finishing chunk, the usage chunk last (include_usage or not), then [DONE]',
  owes: owesSampleSets(CHAT_STREAM_SAMPLES),
  run: async (ctx) => judgeSamples(await streamSamples(ctx), (e) => chatStreamGrammarProblems(e)),
};

/** The streamed and plain answers to the same request (same seed) say the same. */
export const chatStreamJoin: Check = {
  id: 'chat.stream-join',
  exclusive: false,
  spec: 'reference ChatStreamDelta, ChatRequest seed',
  rules: ['chat.deltas-join'],
  title: 'The content deltas of a stream join to the content of the non-streamed answer to the same request (same seed), with the same finish_reason',
  owes: owesSampleSets(CHAT_JSON_SAMPLES, CHAT_STREAM_SAMPLES),
  run: async (ctx) => {
    const plain = await jsonSamples(ctx);
    const streamed = (await streamSamples(ctx)).filter((s) => asksForUsage(s.probe));
    const byLabel = new Map(plain.map((s) => [s.label, s]));
    // Tool calls have no content to join; their arguments are chat.tool-calls' rule.
    return judgeSamples(
      streamed.filter((s) => causeOf(s) !== 'tool_calls'),
      (e, s): Judgement => {
        const other = byLabel.get(s.label)?.exchange;
        return other ? chatStreamJoinProblems(e, other) : { inconclusive: `no plain answer to the ${s.label} request`, owner: 'chat.result-shape' };
      },
    );
  },
};

/** reference `ChatToolCall` and `ChatStreamToolCall`. */
export const chatToolCalls: Check = {
  id: 'chat.tool-calls',
  exclusive: false,
  spec: 'reference ChatToolCall, ChatStreamToolCall',
  rules: ['chat.tool-call-contract'],
  title: 'A forced tool call has an id of its own, a declared function name and JSON arguments valid for its parameters (plain and streamed)',
  owes: owesSampleSets(CHAT_JSON_SAMPLES, CHAT_STREAM_SAMPLES),
  run: async (ctx) =>
    judgeSamples(
      (await plainAndStreamed(ctx)).filter((s) => causeOf(s) === 'tool_calls'),
      (e, s) => (isStreamed(s) ? chatStreamToolCallProblems(e, s.probe.body) : chatToolCallProblems(e, s.probe.body)),
    ),
};

/** The Responses `text.format` arbitrary, as a chat `response_format` (reference `ChatFormatJsonSchemaConfig`). */
export function chatResponseFormat(format: JsonFormat): Record<string, unknown> {
  if (format.type === 'json_object') return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: format.strict } };
}

/**
 * The kinds of response_format judged: each schema strict (reference: the answer is valid for it)
 * and json_object, sent first; then a schema not strict, whose validity no reference text
 * promises (inferred: advice).
 */
export function chatJsonFormatStrata(): Stratum<JsonFormat>[] {
  const strict = jsonFormatStrata(['chat.response-format']).map((s) => ({
    ...s,
    arbitrary: s.arbitrary.map((f): JsonFormat => (f.type === 'json_schema' ? { ...f, strict: true } : f)),
  }));
  const names = Object.keys(STRUCTURED_SCHEMAS);
  const loose: Stratum<JsonFormat> = {
    label: 'json_schema not strict',
    rules: ['chat.response-format-loose'],
    arbitrary: fc.constantFrom(...names).map((name): JsonFormat => ({ type: 'json_schema', name, schema: STRUCTURED_SCHEMAS[name]!, strict: false })),
  };
  return [...strict, loose];
}

/** reference `ChatFormatJsonObjectConfig`, `ChatFormatJsonSchemaConfig`. */
export const chatResponseFormatCheck: Check = {
  id: 'chat.response-format',
  exclusive: false,
  spec: 'reference ChatFormatJsonSchemaConfig, ChatFormatJsonObjectConfig',
  rules: ['chat.response-format', 'chat.response-format-loose'],
  title:
    'response_format json_schema answers are JSON valid for the schema (strict: each schema, then random ones; not strict: advice); json_object answers are JSON objects',
  owes: () => ({ own: chatJsonFormatStrata().length }),
  run: (ctx) => {
    const probe = (format: JsonFormat): Probe => ({
      method: 'POST',
      path: '/chat/completions',
      // Room to finish: a cut answer is not judged. The prompt names JSON, as some providers require.
      body: { model: ctx.model, messages: [{ role: 'user', content: 'Answer as JSON.' }], max_tokens: 512, response_format: chatResponseFormat(format) },
    });
    const strata = chatJsonFormatStrata();
    const ruleOf = (format: JsonFormat) => (format.type === 'json_schema' && !format.strict ? ['chat.response-format-loose'] : ['chat.response-format']);
    return runProperty(ctx, {
      strata,
      rules: chatResponseFormatCheck.rules,
      ruleOf,
      probe,
      runs: Math.max(1, Math.min(ctx.runs, 6)),
      oracle: (exchange, format) => chatResponseFormatProblems(exchange, format),
    });
  },
};

/** Statuses the simulator produces on demand for chat (its `X-Gatewaykit-Fault` control). */
const FORCED_STATUSES = [402, 429, 503] as const;

/** spec 7 (the one envelope on every operation): chat errors carry `{error: {code, message}}`. */
export const chatErrors: Check = {
  id: 'chat.errors',
  spec: 'spec 5.2, 7; reference /chat/completions responses',
  rules: ['chat.errors-envelope'],
  title:
    'Chat errors are the envelope with error.code equal to the status: no key 401, a wrong key 401, malformed JSON 400, empty messages 400 (simulator: forced 402, 429, 503)',
  // A forced status is the answer to that one request (X-Gatewaykit-Fault): nothing other checks see.
  exclusive: false,
  owes: (ctx) => ({ own: paidCount(chatErrorCases(ctx).map((c) => c.probe)) }),
  run: async (ctx) => {
    const cases = chatErrorCases(ctx);
    const statusOf = new Map(cases.map((c) => [c.probe, c.status]));
    // Every case is sent, failing or not: the always-on oracles judge each answer (the malformed JSON's body included).
    return probeAll(
      ctx,
      cases.map((c) => c.probe),
      (exchange: Exchange, probe) => expectError(statusOf.get(probe)!)(exchange),
      { retryOn429: false },
      { sendAll: true },
    );
  },
};

/** Each kind of chat error request and the status it must get. */
function chatErrorCases(ctx: CheckContext): { probe: Probe; status: number }[] {
  const body = baseChatRequest(ctx.model);
  return [
    { probe: { method: 'POST', path: '/chat/completions', auth: 'none', body }, status: 401 },
    { probe: { method: 'POST', path: '/chat/completions', auth: { header: 'Bearer sk-conformance-invalid' }, body }, status: 401 },
    { probe: { method: 'POST', path: '/chat/completions', rawBody: '{"model":' }, status: 400 },
    { probe: { method: 'POST', path: '/chat/completions', body: { ...body, messages: [] } }, status: 400 },
    ...(ctx.simulator
      ? FORCED_STATUSES.map((status) => ({
          probe: { method: 'POST', path: '/chat/completions', headers: { 'X-Gatewaykit-Fault': String(status) }, body } as Probe,
          status,
        }))
      : []),
  ];
}

/** A served chat answer: a 2xx chat completion (else `chat.result-shape` owns it). */
function chatServed(answer: Exchange): Judgement {
  if (answer.status >= 200 && answer.status < 300) {
    return (exchangeJson(answer) as { object?: unknown } | undefined)?.object === 'chat.completion'
      ? []
      : { inconclusive: 'the 2xx answer is not a chat completion', owner: 'chat.result-shape' };
  }
  return [`a valid chat request was refused with HTTP ${answer.status}: ${answer.text.slice(0, 160)}`];
}

/**
 * One breaker per bound of reference `ChatRequest`: each request breaks exactly one rule. Each is a
 * stratum, sent at its smallest first, so every bound is probed at every seed.
 */
export function chatBreakerStrata(model: string): Stratum<Record<string, unknown>>[] {
  const base = baseChatRequest(model);
  const kind = (label: string, arbitrary: fc.Arbitrary<Record<string, unknown>>): Stratum<Record<string, unknown>> => ({ label, arbitrary });
  return [
    kind('empty messages', fc.constant({ ...base, messages: [] })),
    kind('no messages', fc.constant({ model, max_tokens: 16 })),
    kind(
      'an unknown role',
      fc.constantFrom('robot', 'moderator', '').map((role) => ({ ...base, messages: [{ role, content: 'Say OK.' }] })),
    ),
    kind(
      'session_id over 256 characters',
      fc.integer({ min: 257, max: 400 }).map((n) => ({ ...base, session_id: 's'.repeat(n) })),
    ),
    kind(
      'stop over 4 entries',
      fc.integer({ min: 5, max: 8 }).map((n) => ({ ...base, stop: Array.from({ length: n }, (_, i) => `#${i}`) })),
    ),
    kind(
      'an unknown reasoning_effort',
      fc.constantFrom('extreme', 'LOW', 'turbo').map((reasoning_effort) => ({ ...base, reasoning_effort })),
    ),
    kind(
      'an unknown service_tier',
      fc.constantFrom('turbo', 'fastest').map((service_tier) => ({ ...base, service_tier })),
    ),
    kind(
      'an unknown modality',
      fc.constantFrom('smell', 'video').map((m) => ({ ...base, modalities: [m] })),
    ),
    kind(
      'temperature of the wrong type',
      fc.constantFrom('hot', true, [0.5]).map((temperature) => ({ ...base, temperature })),
    ),
    kind(
      'max_tokens not a non-negative integer',
      fc.constantFrom(1.5, '16', -0.5).map((max_tokens) => ({ ...base, max_tokens })),
    ),
    kind(
      'an unknown response_format type',
      fc.constantFrom('yaml', 'xml').map((type) => ({ ...base, response_format: { type } })),
    ),
    kind(
      'an unknown tool_choice',
      fc.constantFrom('sometimes', 'any').map((tool_choice) => ({ ...base, tool_choice })),
    ),
    kind(
      'a metadata value that is not a string',
      fc.constantFrom(42, true).map((value) => ({ ...base, metadata: { key: value } })),
    ),
    // reference AnthropicCacheControlDirective on a chat content part: its type is only `ephemeral`.
    kind(
      'a content part cache_control.type other than ephemeral',
      fc
        .constantFrom('persistent', 'Ephemeral', '')
        .map((type) => ({ ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'Say OK.', cache_control: { type } }] }] })),
    ),
  ];
}

/** Every breaker of {@link chatBreakerStrata} as one arbitrary. */
export function chatBreakers(model: string): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(...chatBreakerStrata(model).map((s) => s.arbitrary));
}

/** reference `ChatRequest` bounds: each is refused with 400 and the envelope; the boundary values are served. */
export const chatValidation = boundaryRuleCheck({
  id: 'chat.validation',
  spec: 'spec 7; reference ChatRequest',
  rules: ['chat.request-bounds'],
  title:
    'Chat requests breaking one bound (messages empty or missing, an unknown role, session_id over 256, stop over 4, unknown enum values, a content part cache_control.type, wrong types) are refused with 400; 256 and 4 are served',
  path: '/chat/completions',
  accepted: (ctx) => [
    { ...baseChatRequest(ctx.model), session_id: 's'.repeat(256) },
    { ...baseChatRequest(ctx.model), stop: ['#0', '#1', '#2', '#3'] },
  ],
  served: chatServed,
  violating: (ctx) => chatBreakerStrata(ctx.model),
});

/** reference `ChatStreamChunk.error`: the simulator's stream-error fault fails a stream after its 200. */
export const chatInStreamError: Check = {
  id: 'chat.in-stream-error',
  exclusive: false,
  spec: 'spec 7; reference ChatStreamChunk.error',
  rules: ['chat.failure-in-stream'],
  title: 'A chat stream failing after its 200 ends with a chunk carrying error {code, message} and finish_reason error, never stop',
  requires: ['simulator'],
  run: async (ctx) => {
    const probe: Probe = {
      method: 'POST',
      path: '/chat/completions',
      headers: { 'X-Gatewaykit-Fault': 'stream-error' },
      body: { ...chatCauseRequest('stop', ctx.model), stream: true },
    };
    return probeAll(ctx, [probe], chatInStreamErrorProblems);
  },
};

/** How many alternatives the logprobs probes ask for per token. */
const TOP_LOGPROBS = 2;

/** reference `ChatRequest.logprobs`, `ChatChoice.logprobs`. */
export const chatLogprobs: Check = {
  id: 'chat.logprobs',
  exclusive: false,
  spec: 'reference ChatRequest logprobs, ChatTokenLogprobs',
  rules: ['chat.logprobs'],
  title: `logprobs: true (top_logprobs ${TOP_LOGPROBS}) is answered with choices[].logprobs.content: a log probability per token, at most ${TOP_LOGPROBS} alternatives each`,
  run: (ctx) => {
    const probe: Probe = { method: 'POST', path: '/chat/completions', body: { ...baseChatRequest(ctx.model), logprobs: true, top_logprobs: TOP_LOGPROBS } };
    return probeAll(ctx, [probe], (e) => chatLogprobsProblems(e, TOP_LOGPROBS));
  },
};

export const CHAT_CHECKS: readonly Check[] = [
  chatErrors,
  chatValidation,
  chatResultShape,
  chatUsage,
  chatFinishReason,
  chatToolCalls,
  chatResponseFormatCheck,
  chatLogprobs,
  chatStreamGrammar,
  chatStreamJoin,
  chatInStreamError,
];
