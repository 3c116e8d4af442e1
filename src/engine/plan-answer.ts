import { planReply, type ReplyPlan } from '../generation/reply-plan.ts';
import { applyStop } from '../generation/stop-sequences.ts';
import type { RequestContext } from '../http/route.ts';
import { scriptPlan } from '../scripts/script-plan.ts';
import type { AdmittedRequest } from './admit-request.ts';
import type { AnswerDraws } from './answer-draws.ts';
import type { CanonicalRequest } from './canonical-request.ts';
import type { Engine } from './create-engine.ts';
import type { RoutedRequest } from './route-request.ts';

/** Whether the reply is generated from a schema (structured output, function calls): up to the instance budget of text. */
function mayBeLong(request: CanonicalRequest): boolean {
  return request.text?.format?.type === 'json_schema' || (request.tools?.length ?? 0) > 0;
}

/**
 * The engine's reply stage: what the model says, from the first matching script or the
 * deterministic generator (a ordinary request's plan made once per content and model, plan-memo.ts),
 * then cut at the first stop sequence, once for every surface (reference ChatRequest `stop`,
 * MessagesRequest `stop_sequences`), before output, usage and cost.
 */
export async function planAnswer(
  engine: Engine,
  admitted: AdmittedRequest,
  routed: RoutedRequest,
  draws: AnswerDraws,
  ctx: RequestContext,
): Promise<ReturnType<typeof applyStop>> {
  const { request, effective, input } = admitted;
  const { decision, modelId, modelRequest, modelInput, gatewayMetadata } = routed;
  const script = engine.scripts.take({
    requestedModel: request.model,
    routedModel: modelId,
    lastUserText: input.lastUserText,
    metadata: request.metadata,
    headers: ctx.request.headers,
  });
  // A schema-shaped reply may be long to make (up to the instance budget): made in a turn of its own.
  if (script === undefined && mayBeLong(request)) await engine.turns.turn();
  const said: ReplyPlan = script
    ? scriptPlan(script.reply, gatewayMetadata)
    : engine.plans.plan(effective, modelId, draws.content(), decision.effects, () =>
        planReply({
          request: modelRequest,
          model: decision.model,
          effects: decision.effects,
          rng: draws.rng().fork('plan'),
          nowMs: ctx.receivedAt,
          input: modelInput,
        }),
      );
  return applyStop(said, request.stop_sequences);
}
