import type { TextModel } from '../catalog/text-model.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import type { PluginEffects } from '../routing/resolve-route.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { inputTurns, lastUserText } from '../request/request-text.ts';
import { reasoningText, replyText, snippet } from './reply-text.ts';
import { chooseToolCalls, type PlannedCall } from './tool-calls.ts';

/**
 * What the simulated model means to say, before the output budget, ids and plugin rewrites:
 * the common ground of generated and scripted replies.
 */
export interface ReplyPlan {
  reasoning?: { text: string; summary?: string };
  text?: string;
  refusal?: string;
  calls?: PlannedCall[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `reasoning` asked for (note A shape from the reference: `effort`, `summary`, `enabled`). */
export function reasoningRequested(reasoning: unknown): boolean {
  if (!isRecord(reasoning)) return false;
  return reasoning.enabled !== false && reasoning.effort !== 'none';
}

/**
 * The deterministic reply to a request: reasoning when asked of a reasoning model, function
 * calls per `tool_choice`, otherwise text shaped by the prompt and by plugin context.
 *
 * @example
 * planReply({ request: { input: 'Hi' }, model, effects: { context: [], citations: [] }, rng });
 * // { text: 'Sure, I can help with your question. ...' }
 */
export function planReply(args: { request: ResponsesRequest; model: TextModel; effects: PluginEffects; rng: SeededRandom }): ReplyPlan {
  const { model, effects, rng } = args;
  const request = args.request as Record<string, unknown>;
  const prompt = lastUserText(request.input);
  const plan: ReplyPlan = {};
  if (model.reasoning && reasoningRequested(request.reasoning)) {
    const reasoning = request.reasoning as Record<string, unknown>;
    const text = reasoningText(rng.fork('reasoning'), prompt, typeof reasoning.effort === 'string' ? reasoning.effort : undefined);
    const wantsSummary = reasoning.summary !== undefined && reasoning.summary !== null;
    plan.reasoning = wantsSummary ? { text, summary: `Thinking through ${snippet(prompt, 60) || 'the question'} and how best to answer it.` } : { text };
  }
  const calls = chooseToolCalls(request, rng.fork('tools'));
  if (calls.length > 0) {
    plan.calls = calls;
    return plan;
  }
  const turns = inputTurns(request.input);
  const last = turns[turns.length - 1];
  const toolName = (() => {
    if (last?.role !== 'tool') return undefined;
    // Name the tool by matching the output's call_id to the function call that made it.
    if (Array.isArray(request.input)) {
      for (const item of request.input) {
        if (isRecord(item) && item.type === 'function_call' && item.call_id === last.ref && typeof item.name === 'string') return item.name;
      }
    }
    return 'function';
  })();
  const text = isRecord(request.text) && typeof request.text.verbosity === 'string' ? request.text.verbosity : undefined;
  plan.text = replyText(rng.fork('text'), {
    prompt,
    context: effects.context,
    ...(toolName !== undefined && last ? { toolResult: { name: toolName, output: last.text } } : {}),
    ...(effects.panel && effects.panel.length > 0 ? { panelSize: effects.panel.length } : {}),
    ...(text !== undefined ? { verbosity: text } : {}),
  });
  if (effects.citations.length > 0) {
    // web plugin: cite each source as a markdown link; buildOutput anchors the annotations on it.
    plan.text += ` Sources: ${effects.citations.map((c) => `[${c.title}](${c.url})`).join(', ')}.`;
  }
  return plan;
}
