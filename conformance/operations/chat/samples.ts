import type { CheckContext } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';
import { CAUSE_PROMPTS, causeDraws } from '../../arbitraries/stop-cause-prompts.ts';

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

export interface ChatSample {
  readonly label: string;
  readonly probe: Probe;
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
