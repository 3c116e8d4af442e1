import type { GatewayEnv } from '../env/gateway-env.ts';
import { createRouteMemo, type RouteMemo } from '../routing/route-memo.ts';
import { createScriptRegistry, type ScriptRegistry } from '../scripts/script-registry.ts';
import { createPromptCache, type PromptCache } from '../state/prompt-cache.ts';
import { createAnswerMemo, type MemoCounts } from './answer-memo.ts';
import { fullAnswerPath, type AnswerPath } from './answer-path.ts';
import { createPlanMemo, unrememberedPlans, type PlanMemo } from './plan-memo.ts';
import { createTurnQueue, type TurnQueue } from '../timing/turn-queue.ts';

/** What the engine keeps per gateway: its environment, scripted replies and prompt cache, shared by every surface. */
export interface Engine {
  readonly env: GatewayEnv;
  /** Scripted replies (docs/responses.md): first match wins, whichever surface asked. */
  readonly scripts: ScriptRegistry;
  /** spec 2.1 prompt caching: one cache, so a prefix cached through one surface is a hit through another. */
  readonly promptCache: PromptCache;
  /** Generated reply plans of ordinary requests, made once per content and model (plan-memo.ts); none without fast paths. */
  readonly plans: PlanMemo;
  /** Identical requests answered again from the rendered bytes, ids drawn afresh (answer-memo.ts); the full path without fast paths. */
  readonly answers: AnswerPath;
  /** Routes of requests without plugins, made once (routing/route-memo.ts); undefined without fast paths. */
  readonly routes: RouteMemo | undefined;
  /** Turns of the event loop for long answers, one at a time across requests (turn-queue.ts). */
  readonly turns: TurnQueue;
}

export interface EngineOptions {
  /** Requests whose answers are remembered (0: none). Default {@link ANSWERS_KEPT}. */
  readonly answersKept?: number;
  /** Where the answer memo tells of its work (the gateway's metrics). */
  readonly counts?: MemoCounts;
}

/**
 * The engine of one gateway; its prompt cache and memos empty on control reset. With
 * `env.fastPaths` false no memo is made: the answers take the full path, plans and routes are
 * made afresh (chosen here, once, so no request asks).
 *
 * @example
 * const engine = createEngine(env, createScriptRegistry([{ reply: { type: 'text', text: 'Hi' } }]));
 */
export function createEngine(env: GatewayEnv, scripts: ScriptRegistry = createScriptRegistry(), options: EngineOptions = {}): Engine {
  const promptCache = createPromptCache();
  env.onReset(() => promptCache.clear());
  const fast = env.fastPaths;
  const answers = fast ? createAnswerMemo({ env, scripts, limit: options.answersKept, counts: options.counts }) : fullAnswerPath(env);
  const plans = fast ? createPlanMemo() : unrememberedPlans;
  const routes = fast ? createRouteMemo() : undefined;
  env.onReset(() => (answers.clear(), plans.clear(), routes?.clear()));
  return { env, scripts, promptCache, plans, answers, routes, turns: createTurnQueue() };
}
