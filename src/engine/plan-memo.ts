import type { PluginEffects } from '../plugins/plugin-effects.ts';
import type { ReplyPlan } from '../generation/reply-plan.ts';
import type { ResponsesRequest } from '../schemas/responses-request.ts';

/** Plans remembered per gateway; past this many the memory starts again (each a few hundred bytes of text). */
export const PLANS_KEPT = 512;

/**
 * The generated reply plans of one gateway, by what they depend on. A plan is a pure function of
 * the seed, the catalogue (both fixed per gateway), the routed model, the request's content
 * (`contentKey`: what the reply rng is seeded with) and what the plan shows of its reasoning
 * (`reasoning.exclude`, `include`, which `contentKey` leaves out), as long as nothing else feeds it: no tools
 * (server tools read the clock) and no plugin effects (context, citations, a panel, a rewritten
 * input or output). Only those ordinary requests are remembered, so the same request answers with
 * the plan it would have been given afresh; ids, clock readings and usage are still made per answer.
 */
export interface PlanMemo {
  /** The remembered plan, or the one `make` returns (then remembered) for a ordinary request. */
  plan(request: ResponsesRequest, modelId: string, contentKey: string, effects: PluginEffects, make: () => ReplyPlan): ReplyPlan;
  clear(): void;
}

/** Whether the plan depends on nothing but the seed, the model and the request's content. */
export function memoizable(request: ResponsesRequest, effects: PluginEffects): boolean {
  return (
    (request.tools === undefined || request.tools === null || (Array.isArray(request.tools) && request.tools.length === 0)) &&
    effects.context.length === 0 &&
    effects.citations.length === 0 &&
    effects.panel === undefined &&
    effects.input === undefined &&
    effects.transformOutputText === undefined
  );
}

/**
 * No memo: every plan made afresh (a gateway made with `fastPaths: false`).
 *
 * @example
 * unrememberedPlans.plan(request, model.id, key, effects, make); // make()
 */
export const unrememberedPlans: PlanMemo = { plan: (_request, _modelId, _contentKey, _effects, make) => make(), clear: () => undefined };

/**
 * A bounded memo of reply plans (plans are never changed after they are made: buildOutput and the
 * usage only read them).
 *
 * @example
 * const plans = createPlanMemo();
 * const plan = plans.plan(request, model.id, contentKey(request), decision.effects, () => planReply({ ... }));
 */
export function createPlanMemo(limit = PLANS_KEPT): PlanMemo {
  const plans = new Map<string, ReplyPlan>();
  return {
    plan(request, modelId, contentKey, effects, make) {
      if (!memoizable(request, effects)) return make();
      const shown = `${request.reasoning?.exclude === true}|${Array.isArray(request.include) && request.include.includes('reasoning.encrypted_content')}`;
      const key = `${modelId}\n${shown}\n${contentKey}`;
      const known = plans.get(key);
      if (known) return known;
      const made = make();
      if (plans.size >= limit) plans.clear();
      plans.set(key, made);
      return made;
    },
    clear: () => plans.clear(),
  };
}
