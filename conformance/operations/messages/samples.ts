import type { CheckContext } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';
import { CAUSE_PROMPTS, causeDraws } from '../../arbitraries/stop-cause-prompts.ts';

/** The stop causes a messages sample is built to reach (reference `ORAnthropicStopReason`). */
export type MessagesCause = 'end_turn' | 'max_tokens' | 'tool_use';

/** One tool (reference `MessagesRequest` tools): its `input_schema` is what a `tool_use` input must satisfy. */
export const MESSAGES_WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Get the current weather for a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
} as const;

/**
 * The smallest valid messages request (reference `MessagesRequest`: `max_tokens` is required),
 * kept cheap: on a live gateway it is a paid generation.
 *
 * @example
 * baseMessagesRequest('openai/gpt-4o-mini'); // { model, max_tokens: 16, messages: [{ role: 'user', content: 'Say OK.' }] }
 */
export function baseMessagesRequest(model: string): Record<string, unknown> {
  return { model, max_tokens: 16, messages: [{ role: 'user', content: 'Say OK.' }] };
}

/**
 * The request that reaches one stop cause on any gateway:
 * - end_turn: a short prompt with room to finish;
 * - max_tokens: a long-answer prompt cut at 16 tokens;
 * - tool_use: one tool, `tool_choice: {type: "any"}`.
 */
export function messagesCauseRequest(cause: MessagesCause, model: string, prompt: string = MESSAGES_PROMPTS[cause][0]!): Record<string, unknown> {
  switch (cause) {
    case 'end_turn':
      return { model, system: 'Answer in one short sentence.', max_tokens: 1024, messages: [{ role: 'user', content: prompt }] };
    case 'max_tokens':
      return { model, max_tokens: 16, messages: [{ role: 'user', content: prompt }] };
    case 'tool_use':
      return { model, max_tokens: 256, tools: [MESSAGES_WEATHER_TOOL], tool_choice: { type: 'any' }, messages: [{ role: 'user', content: prompt }] };
  }
}

/** Prompts per stop cause (the same as the chat samples'), the first the fixed sample's. */
export const MESSAGES_PROMPTS: Readonly<Record<MessagesCause, readonly string[]>> = {
  end_turn: CAUSE_PROMPTS.stop,
  max_tokens: CAUSE_PROMPTS.length,
  tool_use: CAUSE_PROMPTS.tool_calls,
};

/**
 * The messages samples several checks judge: each stop cause once (and `runs` more drawn against
 * the simulator), as JSON or as a stream.
 *
 * @example
 * messagesSamples({ model, seed: 1, runs: 0, simulator: undefined }, true).map((s) => s.label); // ['end_turn', 'max_tokens', 'tool_use']
 */
export function messagesSamples(ctx: Pick<CheckContext, 'model' | 'seed' | 'runs' | 'simulator'>, stream: boolean): { label: string; probe: Probe }[] {
  return causeDraws(ctx, MESSAGES_PROMPTS).map(({ label, cause, prompt }) => ({
    label,
    probe: { method: 'POST', path: '/messages', body: { ...messagesCauseRequest(cause, ctx.model, prompt), ...(stream ? { stream: true } : {}) } },
  }));
}
