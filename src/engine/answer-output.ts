import { buildOutput } from '../generation/build-output.ts';
import type { ResponseUsage } from '../generation/output-items.ts';
import { replyTexts } from '../generation/reply-plan.ts';
import { serverToolUse } from '../generation/server-tools.ts';
import { slicedTokenizer } from '../generation/sliced-tokenizer.ts';
import type { applyStop } from '../generation/stop-sequences.ts';
import { buildUsage } from '../generation/usage.ts';
import { usageCost } from '../generation/usage-cost.ts';
import type { RequestContext } from '../http/route.ts';
import { hash53, stableStringify } from '../random/hash.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import { promptCacheTtlMs } from '../state/prompt-cache.ts';
import type { AdmittedRequest } from './admit-request.ts';
import type { Engine } from './create-engine.ts';
import type { HeldAnswer } from './hold-credits.ts';
import { RecordingRandom } from './recording-random.ts';
import type { RoutedRequest } from './route-request.ts';

/** The output items of a reply and their usage with its cost. */
export interface AnswerOutput {
  readonly built: ReturnType<typeof buildOutput>;
  readonly usage: ResponseUsage;
  /** The item ids' draws, noted so a replayed answer can draw its own the same way. */
  readonly items: RecordingRandom;
}

/**
 * The engine's output and usage stages: the plan as output items within the budget (a long reply
 * tokenized a slice per turn of the event loop, so other requests are served meanwhile), then
 * usage with the prompt cache's hits and writes (spec 2.1) and the cost at the endpoint's prices
 * (spec 2.2, reference Usage).
 */
export async function answerOutput(
  engine: Engine,
  admitted: AdmittedRequest,
  routed: RoutedRequest,
  held: HeldAnswer,
  stopped: ReturnType<typeof applyStop>,
  ctx: RequestContext,
  itemIds: SeededRandom,
): Promise<AnswerOutput> {
  const { request, apiKey } = admitted;
  const { decision, modelId } = routed;
  const { prompt, pricing, byok, budget } = held;
  const plan = stopped.plan;
  // The item ids' draws are noted, so a replayed answer can draw its own the same way.
  const items = new RecordingRandom(itemIds);
  const prepared = await slicedTokenizer(admitted.tokenizer, replyTexts(plan), engine.turns.turn);
  const built = buildOutput(plan, {
    tokenizer: prepared,
    rng: items,
    maxOutputTokens: budget,
    modelId,
    citations: plan.citations ?? decision.effects.citations,
    transformOutputText: decision.effects.transformOutputText,
  });
  // spec 2.1 prompt caching: a prefix is cached per key, model and provider endpoint for its TTL on the clock.
  const cacheUse = engine.promptCache.use({
    key: String(hash53(stableStringify([apiKey.key, modelId, decision.provider, request.prompt_cache_key ?? null, prompt.cacheablePrefix]))),
    tokens: prompt.cacheableTokens,
    ttlMs: promptCacheTtlMs(request.cache_control?.ttl),
    now: ctx.receivedAt,
  });
  const counts = buildUsage({ inputTokens: prompt.inputTokens, ...cacheUse, outputTokens: built.outputTokens, reasoningTokens: built.reasoningTokens });
  const cost = usageCost(counts, pricing, byok);
  // Keys in wire order, as one literal (spreads built the object key by key on every answer).
  const usage: ResponseUsage = {
    input_tokens: counts.input_tokens,
    input_tokens_details: counts.input_tokens_details,
    output_tokens: counts.output_tokens,
    output_tokens_details: counts.output_tokens_details,
    total_tokens: counts.total_tokens,
    cost: cost.cost,
    is_byok: cost.is_byok,
    cost_details: cost.cost_details,
  };
  const toolUse = serverToolUse(plan.serverTools ?? []);
  if (toolUse) usage.server_tool_use_details = toolUse;
  return { built, usage, items };
}
