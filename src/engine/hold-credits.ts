import type { Reservation } from '../account/reservation.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { isByokRequest } from '../management/byok-for-request.ts';
import { usageCost, worstUsageCost } from '../generation/usage-cost.ts';
import type { RequestContext } from '../http/route.ts';
import { promptTokens } from '../request/prompt-tokens.ts';
import type { AdmittedRequest } from './admit-request.ts';
import { affordMessage, outputCeiling } from './output-ceiling.ts';
import type { RoutedRequest } from './route-request.ts';

/** A `:free` variant is served at no cost. */
const FREE_PRICING = { prompt: '0', completion: '0' } as const;

/** The prompt as billed, the prices, the output budget and the credit hold of one answer. */
export interface HeldAnswer {
  readonly prompt: ReturnType<typeof promptTokens>;
  readonly pricing: Parameters<typeof usageCost>[1];
  readonly byok: boolean;
  /** The output budget: the request's, else the most the serving endpoint writes (bounded work). */
  readonly budget: number;
  readonly reservation: Reservation;
}

/**
 * The engine's billing stage, before any work (docs/account.md): the most this answer can cost is
 * held against the key's limit and the account's credits (402 when it does not fit, worded from
 * the output tokens left to afford). Prices are the serving endpoint's (reference Usage).
 */
export function holdCredits(env: GatewayEnv, admitted: AdmittedRequest, routed: RoutedRequest, ctx: RequestContext): HeldAnswer {
  const { decision, modelId, modelRequest, modelInput } = routed;
  const { apiKey } = admitted;
  const prompt = promptTokens(modelRequest, admitted.countTokens, modelInput);
  const pricing = admitted.free.has(modelId) ? FREE_PRICING : decision.endpoint.pricing;
  // A BYOK credential of the key's workspace for the serving provider makes it a BYOK request (docs/byok.md).
  const byok = isByokRequest(env.management, apiKey, decision.provider, modelId);
  const budget = admitted.request.max_output_tokens ?? outputCeiling(decision, prompt.inputTokens);
  // With include_byok_in_limit, what the provider bills counts against the key's limit: held too.
  const byokHeld = byok && apiKey.includeByokInLimit ? worstUsageCost(prompt.inputTokens, budget, pricing, false) : 0;
  const reservation = ctx.reserve(worstUsageCost(prompt.inputTokens, budget, pricing, byok) + byokHeld, (left) =>
    affordMessage(left, budget, prompt.inputTokens, pricing, byok),
  );
  return { prompt, pricing, byok, budget, reservation };
}
