import fc from 'fast-check';
import type { CheckContext } from '../check.ts';
import type { Probe } from '../client/probe.ts';

/** The stop causes a chat sample is built to reach (reference `ChatFinishReasonEnum`). */
export type ChatCause = 'stop' | 'length' | 'tool_calls';

/** One function tool (reference `ChatFunctionTool`): its `parameters` are what the arguments must satisfy. */
export const CHAT_WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
} as const;

/**
 * The smallest valid chat request (reference `ChatRequest`: only `messages` is required; the
 * model is the run's), kept cheap: on a live gateway it is a paid generation.
 *
 * @example
 * baseChatRequest('openai/gpt-4o-mini'); // { model, messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 16 }
 */
export function baseChatRequest(model: string): Record<string, unknown> {
  return { model, messages: [{ role: 'user', content: 'Say OK.' }], max_tokens: 16 };
}

/**
 * The request that reaches one stop cause on any gateway:
 * - stop: a short prompt with room to finish (a fixed `seed`, so a deterministic gateway streams what it answers);
 * - length: a long-answer prompt cut at 16 tokens;
 * - tool_calls: one function tool, `tool_choice: "required"`.
 */
export function chatCauseRequest(cause: ChatCause, model: string, prompt: string = CAUSE_PROMPTS[cause][0]!): Record<string, unknown> {
  switch (cause) {
    case 'stop':
      return {
        model,
        messages: [
          { role: 'system', content: 'Answer in one short sentence.' },
          { role: 'user', content: prompt },
        ],
        max_tokens: 1024,
        seed: 7,
      };
    case 'length':
      return { model, messages: [{ role: 'user', content: prompt }], max_tokens: 16, seed: 7 };
    case 'tool_calls':
      return {
        model,
        messages: [{ role: 'user', content: prompt }],
        tools: [CHAT_WEATHER_TOOL],
        tool_choice: 'required',
        parallel_tool_calls: false,
        max_tokens: 256,
        seed: 7,
      };
  }
}

/**
 * Prompts per stop cause, the first the fixed sample's: any prompt finishes within 1024 tokens or
 * calls a forced tool; only a long-answer prompt is sure to be cut at 16.
 */
export const CAUSE_PROMPTS: Readonly<Record<ChatCause, readonly string[]>> = {
  stop: ['Say OK.', 'Name three colours.', 'Hello! How are you?', 'What is the capital of France?', 'Écris une phrase en français. 日本語も少し。'],
  length: [
    'Write a long story about a lighthouse keeper and the sea.',
    'Explain in detail how rain forms, step by step.',
    'Write a long poem about autumn in the city.',
  ],
  tool_calls: ['What is the weather in Paris?', 'Should I take an umbrella in Oslo today?', 'Weather for Tokyo, please.'],
};

export interface ChatSample {
  readonly label: string;
  readonly probe: Probe;
}

/**
 * The (cause, prompt) pairs of the samples: each cause once with its first prompt; against the
 * simulator (free) `runs` more, drawn from the run's seed. The plain and streamed samples draw the
 * same pairs, so each streamed answer has its plain twin.
 */
export function causeDraws<C extends string>(
  ctx: Pick<CheckContext, 'seed' | 'runs' | 'simulator'>,
  prompts: Readonly<Record<C, readonly string[]>>,
): { label: string; cause: C; prompt: string }[] {
  const causes = Object.keys(prompts) as C[];
  const fixed = causes.map((cause) => ({ label: cause as string, cause, prompt: prompts[cause][0]! }));
  if (!ctx.simulator) return fixed;
  const drawn = fc.sample(
    fc.constantFrom(...causes).chain((cause) => fc.tuple(fc.constant(cause), fc.constantFrom(...prompts[cause]))),
    { seed: ctx.seed + 3, numRuns: ctx.runs },
  );
  return [...fixed, ...drawn.map(([cause, prompt], i) => ({ label: `${cause} #${i + 1}`, cause, prompt }))];
}

/**
 * The chat samples several checks judge: each stop cause once (and `runs` more drawn against the
 * simulator), as JSON, or as a stream with `stream_options.include_usage` plus the first request
 * once more without it.
 *
 * @example
 * chatSamples({ model, seed: 1, runs: 0, simulator: undefined }, true).map((s) => s.label); // ['stop', 'length', 'tool_calls', 'stop (usage not asked)']
 */
export function chatSamples(ctx: Pick<CheckContext, 'model' | 'seed' | 'runs' | 'simulator'>, stream: boolean): ChatSample[] {
  const probe = (body: Record<string, unknown>): Probe => ({ method: 'POST', path: '/chat/completions', body });
  const draws = causeDraws(ctx, CAUSE_PROMPTS);
  if (!stream) return draws.map(({ label, cause, prompt }) => ({ label, probe: probe(chatCauseRequest(cause, ctx.model, prompt)) }));
  return [
    ...draws.map(({ label, cause, prompt }) => ({
      label,
      probe: probe({ ...chatCauseRequest(cause, ctx.model, prompt), stream: true, stream_options: { include_usage: true } }),
    })),
    { label: 'stop (usage not asked)', probe: probe({ ...chatCauseRequest('stop', ctx.model), stream: true }) },
  ];
}

/** Did this streamed chat request ask for the usage chunk? */
export function asksForUsage(probe: Probe): boolean {
  const body = probe.body as { stream_options?: { include_usage?: unknown } } | undefined;
  return body?.stream_options?.include_usage === true;
}
