import type { GatewayEnv } from '../env/gateway-env.ts';
import { createScriptRegistry, type ScriptRegistry } from '../scripts/script-registry.ts';
import { createPromptCache, type PromptCache } from '../state/prompt-cache.ts';
import { createAnswerMemo, type AnswerMemo } from './answer-memo.ts';
import { createPlanMemo, type PlanMemo } from './plan-memo.ts';
import { createTurnQueue, type TurnQueue } from '../timing/turn-queue.ts';

/** What the engine keeps per gateway: its environment, scripted replies and prompt cache, shared by every surface. */
export interface Engine {
  readonly env: GatewayEnv;
  /** Scripted replies (docs/responses.md): first match wins, whichever surface asked. */
  readonly scripts: ScriptRegistry;
  /** spec 2.1 prompt caching: one cache, so a prefix cached through one surface is a hit through another. */
  readonly promptCache: PromptCache;
  /** Generated reply plans of plain requests, made once per content and model (plan-memo.ts). */
  readonly plans: PlanMemo;
  /** Identical requests answered again from the rendered bytes, ids drawn afresh (answer-memo.ts). */
  readonly answers: AnswerMemo;
  /** Turns of the event loop for long answers, one at a time across requests (turn-queue.ts). */
  readonly turns: TurnQueue;
}

export interface EngineOptions {
  /** Requests whose answers are remembered (0: none). Default {@link ANSWERS_KEPT}. */
  readonly answersKept?: number;
}

/**
 * The engine of one gateway; its prompt cache empties on control reset.
 *
 * @example
 * const engine = createEngine(env, createScriptRegistry([{ reply: { type: 'text', text: 'Hi' } }]));
 */
export function createEngine(env: GatewayEnv, scripts: ScriptRegistry = createScriptRegistry(), options: EngineOptions = {}): Engine {
  const promptCache = createPromptCache();
  env.onReset(() => promptCache.clear());
  const answers = createAnswerMemo({ env, scripts, limit: options.answersKept });
  env.onReset(() => answers.clear());
  return { env, scripts, promptCache, plans: createPlanMemo(), answers, turns: createTurnQueue() };
}
