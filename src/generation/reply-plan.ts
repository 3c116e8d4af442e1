import type { TextModel } from '../catalog/text-model.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import type { PluginEffects, WebCitation } from '../plugins/plugin-effects.ts';
import { reasoningOptions, textVerbosity, wantsJson } from '../request/read-options.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { readInput, type InputView } from '../request/read-input.ts';
import { encryptReasoning } from './encrypt-reasoning.ts';
import { serverTools, type PlannedServerTool } from './server-tools.ts';
import { structuredAnswer } from './structured-output.ts';
import { reasoningSummary, reasoningText, replyText } from './reply-text.ts';
import { chooseToolCalls, type PlannedCall } from './tool-calls.ts';

/**
 * What the simulated model means to say, before the output budget, ids and plugin rewrites:
 * the common ground of generated and scripted replies.
 */
export interface ReplyPlan {
  reasoning?: {
    text: string;
    summary?: string;
    /** reasoning.max_tokens: the reasoning is cut to this many tokens. */
    maxTokens?: number;
    /** reasoning.exclude: billed but not shown. */
    exclude?: boolean;
    /** include reasoning.encrypted_content. */
    encryptedContent?: string;
  };
  text?: string;
  refusal?: string;
  calls?: PlannedCall[];
  /** Server tools the gateway ran first (web search, datetime). */
  serverTools?: PlannedServerTool[];
  /** Sources cited in the text (web plugin and web search tools), anchored as `url_citation`s. */
  citations?: WebCitation[];
}

/** The texts of a plan the output budget is spent on (what buildOutput counts and cuts). */
export function replyTexts(plan: ReplyPlan): string[] {
  const out: string[] = [];
  if (plan.reasoning) out.push(plan.reasoning.text);
  if (plan.text !== undefined) out.push(plan.text);
  if (plan.refusal !== undefined) out.push(plan.refusal);
  for (const call of plan.calls ?? []) out.push(call.arguments);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The deterministic reply to a request: reasoning when asked of a reasoning model, function
 * calls per `tool_choice`, otherwise text shaped by the prompt and by plugin context.
 *
 * @example
 * planReply({ request: { input: 'Hi' }, model, effects: { context: [], citations: [] }, rng });
 * // { text: 'Sure, I can help with your question. ...' }
 */
export function planReply(args: {
  request: ResponsesRequest;
  model: TextModel;
  effects: PluginEffects;
  rng: SeededRandom;
  nowMs?: number;
  /** The request's input as the engine read it once (src/request/read-input.ts); read here when not given. */
  input?: InputView;
}): ReplyPlan {
  const { model, rng, request } = args;
  const input = args.input ?? readInput(request);
  const prompt = input.lastUserText;
  const plan: ReplyPlan = {};
  // Server tools (spec 2.4.1) run before the model answers; their results are context and sources.
  const tools = serverTools(request, prompt, args.nowMs ?? 0);
  if (tools.calls.length > 0) plan.serverTools = tools.calls;
  const effects: PluginEffects = {
    ...args.effects,
    context: [...args.effects.context, ...tools.context],
    citations: wantsJson(request)
      ? args.effects.citations
      : [...args.effects.citations, ...tools.citations.filter((c) => !args.effects.citations.some((x) => x.url === c.url))],
  };
  if (effects.citations.length > 0) plan.citations = effects.citations;
  const reasoning = reasoningOptions(request, model.reasoning);
  if (reasoning) {
    const text = reasoningText(rng.fork('reasoning'), prompt, reasoning.effort);
    plan.reasoning = {
      text,
      ...(reasoning.summary ? { summary: reasoningSummary(prompt, reasoning.summary) } : {}),
      ...(reasoning.maxTokens !== undefined ? { maxTokens: reasoning.maxTokens } : {}),
      exclude: reasoning.exclude,
      ...(reasoning.encrypted ? { encryptedContent: encryptReasoning(text, rng.fork('encrypted')) } : {}),
    };
  }
  const calls = chooseToolCalls(request, rng.fork('tools'), input);
  if (calls.length > 0) {
    plan.calls = calls;
    return plan;
  }
  const turns = input.turns;
  const last = turns[turns.length - 1];
  const toolName = (() => {
    if (last?.role !== 'tool') return undefined;
    // Name the tool by matching the output's call_id to the function call that made it.
    if (Array.isArray(request.input)) {
      for (const item of request.input as unknown[]) {
        if (isRecord(item) && item.type === 'function_call' && item.call_id === last.ref && typeof item.name === 'string') return item.name;
      }
    }
    return 'function';
  })();
  const text = textVerbosity(request);
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
  // text.format json_schema / json_object: the answer is JSON for the schema (reference `Formats`).
  const structured = structuredAnswer(request, prompt, plan.text, rng.fork('json'));
  if (structured !== undefined) plan.text = structured;
  return plan;
}
