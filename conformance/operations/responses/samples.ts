import fc from 'fast-check';
import type { CheckContext } from '../../check.ts';
import type { Probe } from '../../client/probe.ts';

/** The answer shapes the stream and result checks must see (issue: every shape judged). */
export type AnswerShape = 'completed' | 'incomplete' | 'function-call' | 'reasoning' | 'in-stream-error';

type Body = Record<string, unknown>;

const WEATHER_TOOL = {
  type: 'function',
  name: 'get_weather',
  description: 'Get the current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/**
 * The request that reaches one answer shape on any gateway, kept cheap:
 * - completed: a short prompt with room to finish;
 * - incomplete: a long-answer prompt cut at 16 output tokens;
 * - function-call: one function tool and `tool_choice: "required"`;
 * - reasoning: a reasoning model with `reasoning.effort: "low"` and a summary;
 * - in-stream-error: the simulator's `X-Gatewaykit-Fault: stream-error` (nothing else can force it).
 * The completed shape also carries settings the result must echo (spec 2.2).
 */
export function shapeRequest(
  shape: AnswerShape,
  ctx: Pick<CheckContext, 'model' | 'reasoningModel'>,
  prompt?: string,
): { body: Body; headers?: Record<string, string> } {
  switch (shape) {
    case 'completed':
      return {
        body: {
          model: ctx.model,
          input: prompt ?? 'Say OK.',
          instructions: 'Answer in one short sentence.',
          max_output_tokens: 1024,
          metadata: { suite: 'gatewaykit-conformance' },
          frequency_penalty: 0.1,
          presence_penalty: 0.1,
          text: { format: { type: 'text' } },
          temperature: 0.5,
          top_p: 0.9,
          service_tier: 'auto',
        },
      };
    case 'incomplete':
      return { body: { model: ctx.model, input: prompt ?? 'Write a long story about a lighthouse keeper and the sea.', max_output_tokens: 16 } };
    case 'function-call':
      return {
        body: {
          model: ctx.model,
          input: prompt ?? 'What is the weather in Paris?',
          tools: [WEATHER_TOOL],
          tool_choice: 'required',
          parallel_tool_calls: false,
          max_output_tokens: 256,
        },
      };
    case 'reasoning':
      return {
        body: {
          model: ctx.reasoningModel ?? ctx.model,
          input: prompt ?? 'What is 17 times 23?',
          reasoning: { effort: 'low', summary: 'auto' },
          max_output_tokens: 2048,
        },
      };
    case 'in-stream-error':
      return { body: { model: ctx.model, input: prompt ?? 'Say OK.', max_output_tokens: 64 }, headers: { 'X-Gatewaykit-Fault': 'stream-error' } };
  }
}

/** The shapes a target can be asked for: reasoning needs a reasoning model, the in-stream error the simulator. */
export function reachableShapes(ctx: Pick<CheckContext, 'reasoningModel' | 'simulator'>, stream: boolean): AnswerShape[] {
  return [
    'completed',
    'incomplete',
    'function-call',
    ...(ctx.reasoningModel ? (['reasoning'] as const) : []),
    ...(stream && ctx.simulator ? (['in-stream-error'] as const) : []),
  ];
}

const PROMPTS = [
  'Say OK.',
  'Name three colours.',
  'Hello! How are you?',
  'Explain rain to a child.',
  'List two prime numbers.',
  'What is the capital of France?',
  'Summarise the plot of Hamlet.',
  'Écris une phrase en français. 日本語も少し。',
];

/**
 * The sample requests the stream (or result) checks judge: each reachable shape once, in a fixed
 * order, so a budgeted run against a live gateway sees every shape; against the simulator
 * (free) `runs` more, drawn by fast-check from the run's seed over shapes and prompts.
 *
 * @example
 * shapeSamples(ctx, true).map((s) => s.label); // ['completed', 'incomplete', 'function-call', 'reasoning', 'in-stream-error', ...]
 */
export function shapeSamples(
  ctx: Pick<CheckContext, 'model' | 'reasoningModel' | 'simulator' | 'seed' | 'runs'>,
  stream: boolean,
): { label: string; probe: Probe }[] {
  const shapes = reachableShapes(ctx, stream);
  const toProbe = (shape: AnswerShape, prompt?: string): Probe => {
    const { body, headers } = shapeRequest(shape, ctx, prompt);
    return { method: 'POST', path: '/responses', body: stream ? { ...body, stream: true } : body, ...(headers ? { headers } : {}) };
  };
  const fixed = shapes.map((shape) => ({ label: shape, probe: toProbe(shape) }));
  if (!ctx.simulator) return fixed;
  const extra = fc.sample(fc.tuple(fc.constantFrom(...shapes), fc.constantFrom(...PROMPTS)), { seed: ctx.seed + (stream ? 1 : 2), numRuns: ctx.runs });
  return [...fixed, ...extra.map(([shape, prompt], i) => ({ label: `${shape} #${i + 1}`, probe: toProbe(shape, prompt) }))];
}
