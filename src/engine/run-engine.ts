import { cancelledGeneration } from '../account/cancelled-generation.ts';
import { WHOLE_DELIVERY, type Delivery } from '../types/delivery.ts';
import { byokCredentialFor } from '../management/byok-for-request.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { buildOutput } from '../generation/build-output.ts';
import { slicedTokenizer } from '../generation/sliced-tokenizer.ts';
import { buildResponse, contentKey } from '../generation/build-response.ts';
import { planReply, replyTexts, type ReplyPlan } from '../generation/reply-plan.ts';
import { loadedTokenizer, loadTokenizer } from '../generation/tokenizer.ts';
import { buildUsage } from '../generation/usage.ts';
import type { ResponseResult, ResponseUsage } from '../generation/output-items.ts';
import { serverToolUse } from '../generation/server-tools.ts';
import { applyStop } from '../generation/stop-sequences.ts';
import { usageCost, worstUsageCost } from '../generation/usage-cost.ts';
import { affordMessage, outputCeiling } from './output-ceiling.ts';
import type { GenerationRecord } from '../account/generation-record.ts';
import { responseGeneration } from '../generation/response-generation.ts';
import { answerTimes } from '../timing/answer-times.ts';
import { hash53, stableStringify } from '../random/hash.ts';
import { PRECOUNT_MIN_CHARS, precountedPrompt, promptTokens } from '../request/prompt-tokens.ts';
import { readInput } from '../request/read-input.ts';
import { promptCacheTtlMs } from '../state/prompt-cache.ts';
import type { RequestContext } from '../http/route.ts';
import { seededRandom, type SeededRandom } from '../random/seeded-random.ts';
import { answerIds } from './answer-ids.ts';
import { resolveModelVariants } from '../routing/model-variant.ts';
import { resolveRoute } from '../routing/resolve-route.ts';
import { scriptPlan } from '../scripts/script-plan.ts';
import { responseEvents, type ResponseStreamEvent } from '../streaming/response-events.ts';
import { upstreamBody } from '../streaming/upstream-body.ts';
import { waitForJsonAnswer, type TimedContext } from '../timing/timed-answer.ts';
import { sessionIdOf } from '../request/session-id.ts';
import type { StreamFault } from '../simulation/simulation-headers.ts';
import type { CanonicalRequest } from './canonical-request.ts';
import type { Engine } from './create-engine.ts';
import type { AnswerReuse } from './answer-reuse.ts';
import { storedFileInput } from './stored-file-input.ts';
import { failedGenerationContent, textGenerationContent } from '../generation/text-generation-content.ts';
import { memoizable } from './plan-memo.ts';
import { RecordingRandom } from './recording-random.ts';

/** A `:free` variant is served at no cost. */
const FREE_PRICING = { prompt: '0', completion: '0' } as const;

/** Whether the reply is generated from a schema (structured output, function calls): up to the instance budget of text. */
function mayBeLong(request: CanonicalRequest): boolean {
  return request.text?.format?.type === 'json_schema' || (request.tools?.length ?? 0) > 0;
}

/** Message of the in-stream failure forced by `X-Gatewaykit-Fault: stream-error`. */
export const STREAM_ERROR_MESSAGE = 'Provider returned error: the upstream stream failed mid-response (X-Gatewaykit-Fault: stream-error)';

/** What a streamed answer needs beyond the result: the canonical events and how to deliver them. */
export interface EngineStream {
  /**
   * The canonical event sequence (spec 6: the Responses events of the result, deltas split by the
   * seed); with `stream-error` it fails mid-output with an `error` and a `response.failed` event.
   */
  readonly events: readonly ResponseStreamEvent[];
  /** Realistic timing: the gateway clock and the routed endpoint's pace (undefined: instant). */
  readonly timed: TimedContext | undefined;
  /** With `timed`: the tokens each event carries (those of its delta text, 0 for framing). */
  readonly eventTokens: readonly number[] | undefined;
  /** The stream fault asked for with `X-Gatewaykit-Fault`, if any. */
  readonly fault: StreamFault | undefined;
  /** With `stream-cut`: where the cut falls. */
  readonly cutRng: SeededRandom | undefined;
  /** With `X-Gatewaykit-Chunking: random`: where the bytes are re-cut. */
  readonly chunking: SeededRandom | undefined;
}

/** The engine's one answer to a canonical request, for a surface to render. */
export interface EngineAnswer {
  /** The canonical request as the surface gave it. */
  readonly request: CanonicalRequest;
  /** The spec 2.2 result (the canonical result: surfaces render it in their own shape). */
  readonly result: ResponseResult;
  /** The answer's generation id (reference README `X-Generation-Id`), made once per request. */
  readonly generationId: string;
  /** Headers every rendering carries: `x-generation-id`. */
  readonly headers: Record<string, string>;
  /** Present when the request asked for a stream. */
  readonly stream: EngineStream | undefined;
  /** The stop sequence that ended the reply (Messages reports it as `stop_sequence`); undefined when none did. */
  readonly stopSequence: string | undefined;
  /** Present when the same request may be answered again from this answer, ids aside (answer-memo.ts). */
  readonly reuse: AnswerReuse | undefined;
  /**
   * Records and charges the answer in place of its credit hold: called once the surface has
   * rendered it (answer-memo.ts does, for every surface). Until then nothing is charged.
   */
  /** Charge the answer (once), for what the client got (src/types/delivery.ts). */
  readonly settle: (delivery?: Delivery) => void;
}

/**
 * The engine, surface-blind: from a canonical request to one answer. Auth, model variants,
 * routing with its plugins and faults (spec 1.6, 2.4, 2.5), a scripted reply or the deterministic
 * generator, usage and cost (spec 2.2), prompt caching, timing and ids. Everything that can fail
 * does so here, before the first byte, as a GatewayError with its real status (spec 7); a JSON
 * answer under realistic timing resolves when the endpoint would have answered.
 *
 * @example
 * const answer = await runEngine(engine, validateResponsesRequest(await ctx.json()), ctx);
 * answer.result.output; // what the surface renders
 */
export async function runEngine(engine: Engine, given: CanonicalRequest, ctx: RequestContext): Promise<EngineAnswer> {
  const { env, scripts, promptCache, plans } = engine;
  // An uploaded file's id reads as its bytes sent inline (docs/files.md); an unknown id is a 404.
  const { request, referenced: storedFiles } = storedFileInput(given, env.files);
  const stream = request.stream === true;
  const fault = ctx.simulation.streamFault;
  if (fault && !stream) {
    throw new GatewayError(400, `X-Gatewaykit-Fault: ${fault} applies to streamed requests only; send "stream": true or drop the header`);
  }
  // spec 2.1: the body's session_id wins over the x-session-id header.
  const sessionId = sessionIdOf(request.session_id, ctx.request.headers);
  if (!ctx.apiKey) throw new GatewayError(401);
  const tokenizer = loadedTokenizer() ?? (await loadTokenizer());
  // Model variants (`:nitro`, `:floor`, `:exacto`, `:online`, `:free`, `:thinking`): the request they stand for.
  const variants = resolveModelVariants(request, env.catalog);
  if (variants instanceof GatewayError) throw variants;
  const effective = variants.request;
  // The input, read once for every reader below (model variants never change it).
  const input = readInput(effective);
  // A huge prompt is tokenized a slice at a time, letting other requests run (bounded work per
  // turn); routing's context check and the billed usage below read these same counts. A body
  // shorter than the threshold holds no text that long, so the common request skips the extra
  // pass over its prompt (counts are the same either way: only the slicing differs).
  const small = (await ctx.bytes()).byteLength < PRECOUNT_MIN_CHARS;
  const countTokens = small ? tokenizer.count : await precountedPrompt(effective, tokenizer, input);
  const routed = resolveRoute({ request: effective, env, apiKey: ctx.apiKey, sessionId, countTokens, input });
  if (!routed.ok) {
    // spec 2.6, 7: an error body carries the routing metadata of the work done before it failed.
    routed.error.gatewayMetadata ??= routed.metadata;
    // Its content stays readable by its X-Generation-Id (GET /generation/content), error included.
    env.account.recordFailure({ id: ctx.generationId(), content: failedGenerationContent(instructionsOf(effective), input.turns, routed.error) });
    throw routed.error;
  }
  const decision = routed.decision;
  const gatewayMetadata = ctx.metadataEnabled ? decision.gatewayMetadata : undefined;
  const modelId = decision.model.id;
  // context-compression (spec 2.5): the model reads, and is billed for, the compressed input.
  const modelRequest = decision.effects.input === undefined ? effective : { ...effective, input: decision.effects.input };
  const modelInput = modelRequest === effective ? input : readInput(modelRequest);

  // DESIGN determinism: the reply depends on seed + request (not `stream`); ids are fresh per
  // answer, from the seed and the answer's sequence number (same requests, same order after a
  // reset -> same bytes).
  // Made when first needed: a scripted JSON answer draws nothing from it (the same stream either way).
  let contentRng: SeededRandom | undefined;
  let content: string | undefined;
  const contentOf = () => (content ??= contentKey(request));
  const rng = () => (contentRng ??= seededRandom(env.seed, 'responses', contentOf()));
  const ids = answerIds(env.seed, ctx.seq);

  const prompt = promptTokens(modelRequest, countTokens, modelInput);
  // reference Usage: cost from the serving endpoint's catalogue prices; is_byok from the key.
  const pricing = variants.free.has(modelId) ? FREE_PRICING : decision.endpoint.pricing;
  // A BYOK credential of the key's workspace for the serving provider makes it a BYOK request (docs/byok.md).
  const byok = (ctx.apiKey.byok ?? false) || byokCredentialFor(env.management, ctx.apiKey, decision.provider, modelId) !== undefined;
  // The output budget: the request's, else the most the serving endpoint writes (bounded work).
  const budget = request.max_output_tokens ?? outputCeiling(decision, prompt.inputTokens);
  // docs/account.md: the most this answer can cost is held before any work (402 when it does not fit).
  // With include_byok_in_limit, what the provider bills counts against the key's limit: held too.
  const byokHeld = byok && ctx.apiKey.includeByokInLimit ? worstUsageCost(prompt.inputTokens, budget, pricing, false) : 0;
  const reservation = ctx.reserve(worstUsageCost(prompt.inputTokens, budget, pricing, byok) + byokHeld, (left) =>
    affordMessage(left, budget, prompt.inputTokens, pricing, byok),
  );

  const script = scripts.take({
    requestedModel: request.model,
    routedModel: modelId,
    lastUserText: input.lastUserText,
    metadata: request.metadata,
    headers: ctx.request.headers,
  });
  // A schema-shaped reply may be long to make (up to the instance budget): made in a turn of its own.
  if (script === undefined && mayBeLong(request)) await engine.turns.turn();
  // A plain request's generated plan is made once per content and model (plan-memo.ts).
  const said: ReplyPlan = script
    ? scriptPlan(script.reply, gatewayMetadata)
    : plans.plan(effective, modelId, contentOf(), decision.effects, () =>
        planReply({
          request: modelRequest,
          model: decision.model,
          effects: decision.effects,
          rng: rng().fork('plan'),
          nowMs: ctx.receivedAt,
          input: modelInput,
        }),
      );

  // Stop sequences (reference ChatRequest `stop`, MessagesRequest `stop_sequences`) end the text,
  // whoever wrote it: cut here once, for every surface, before output, usage and cost.
  const stopped = applyStop(said, request.stop_sequences);
  const plan = stopped.plan;
  // The item ids' draws are noted, so a replayed answer can draw its own the same way.
  const items = new RecordingRandom(ids.items);
  // A long reply is tokenized a slice per turn of the event loop: other requests are served meanwhile.
  const prepared = await slicedTokenizer(tokenizer, replyTexts(plan), engine.turns.turn);
  const built = buildOutput(plan, {
    tokenizer: prepared,
    rng: items,
    maxOutputTokens: budget,
    modelId,
    citations: plan.citations ?? decision.effects.citations,
    transformOutputText: decision.effects.transformOutputText,
  });
  // spec 2.1 prompt caching: a prefix is cached per key, model and provider endpoint for its TTL on the clock.
  const cacheUse = promptCache.use({
    key: String(hash53(stableStringify([ctx.apiKey.key, modelId, decision.provider, request.prompt_cache_key ?? null, prompt.cacheablePrefix]))),
    tokens: prompt.cacheableTokens,
    ttlMs: promptCacheTtlMs(request.cache_control?.ttl),
    now: ctx.receivedAt,
  });
  const counts = buildUsage({ inputTokens: prompt.inputTokens, ...cacheUse, outputTokens: built.outputTokens, reasoningTokens: built.reasoningTokens });
  const toolUse = serverToolUse(plan.serverTools ?? []);
  let recorded: GenerationRecord | undefined;
  const records: GenerationRecord[] = [];
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
  if (toolUse) usage.server_tool_use_details = toolUse;
  const responseDraw = ids.responseDraw();
  const result = buildResponse({
    request,
    id: `resp_${responseDraw}`,
    now: ctx.receivedAt,
    modelId,
    built,
    usage,
    gatewayMetadata,
  });
  // A budget that ends the reply before the stop sequence is reached: the budget stopped it.
  const stopSequence = result.status === 'incomplete' ? undefined : stopped.stopSequence;
  // reference README: every response carries X-Generation-Id; this one belongs to the result.
  const generationId = ctx.generationId();
  const headers = { 'x-generation-id': generationId };
  const timingMode = ctx.simulation.timing ?? env.timing.mode;
  const times = answerTimes(decision.endpoint, usage.output_tokens, timingMode === 'realistic');
  const providerName = env.catalog.providers.find((p) => p.slug === decision.provider)?.name ?? decision.provider;
  const apiKey = ctx.apiKey.key;
  // The answer is paid for and can be looked up by its id (GET /generation, GET /key); one that
  // realistic timing turns into a 408 or 524 below is not an answer, and costs nothing.
  if (times.latencyMs <= env.timing.firstTokenTimeoutMs && times.generationTimeMs <= env.timing.generationTimeoutMs) {
    recorded = responseGeneration({
      id: headers['x-generation-id'],
      result,
      usage,
      providerName,
      streamed: stream,
      failed: fault === 'stream-error',
      receivedAt: ctx.receivedAt,
      times,
      apiKey,
      sessionId,
      user: request.user,
      headers: ctx.request.headers,
      content: textGenerationContent(instructionsOf(effective), input.turns, result),
    });
    records.push(recorded);
  }
  // Charged once the surface has rendered the answer (a failure before is not delivered: the
  // dispatcher releases the hold); an answer that is not one to bill releases it.
  // A stream the client left mid-way is recorded cancelled and charged for its share (docs/account.md).
  const settle = (delivery: Delivery = WHOLE_DELIVERY) => (recorded ? reservation.settle(cancelledGeneration(recorded, delivery)) : reservation.release());
  // The answer is a function of the request, the key, the scripts, the clock's second and the ids
  // alone when nothing else with state or time took part: then the same request may be answered
  // from it again (a script's reply is fixed, and the memo keys the scripts in play).
  const reuse: AnswerReuse | undefined =
    sessionId === undefined &&
    storedFiles === 0 &&
    fault === undefined &&
    !ctx.simulation.randomChunking &&
    timingMode !== 'realistic' &&
    prompt.cacheableTokens === 0 &&
    recorded !== undefined &&
    !items.mixed &&
    memoizable(effective, decision.effects)
      ? {
          responseDraw,
          itemDraws: items.values,
          itemDrawLengths: items.lengths,
          records,
          firstRecord: (at) =>
            responseGeneration({
              id: at.id,
              result,
              upstreamId: at.responseId,
              usage,
              providerName,
              streamed: stream,
              receivedAt: at.receivedAt,
              times,
              apiKey,
              sessionId: undefined,
              user: request.user,
              headers: at.headers,
              content: recorded?.content,
            }),
        }
      : undefined;

  // Realistic timing (docs/timing.md): at the routed endpoint's speed, on the gateway clock.
  const timed: TimedContext | undefined =
    timingMode === 'realistic'
      ? { clock: env.clock, timing: env.timing, endpoint: decision.endpoint, providerName: decision.provider, ...(gatewayMetadata ? { gatewayMetadata } : {}) }
      : undefined;

  if (!stream) {
    if (timed) await waitForJsonAnswer(timed, usage.output_tokens);
    return { request, result, generationId, headers, stream: undefined, stopSequence, reuse, settle };
  }
  const events = responseEvents(result, {
    rng: rng().fork('deltas'),
    upstreamBody: request.debug?.echo_upstream_body === true ? upstreamBody(request, modelId) : undefined,
    fail: fault === 'stream-error' ? { message: STREAM_ERROR_MESSAGE, countTokens: tokenizer.count } : undefined,
  });
  return {
    request,
    result,
    generationId,
    headers,
    stopSequence,
    reuse,
    settle,
    stream: {
      events,
      timed,
      eventTokens: timed ? events.map((e) => deltaTokens(e, tokenizer.count)) : undefined,
      fault,
      cutRng: fault === 'stream-cut' ? rng().fork('cut') : undefined,
      chunking: ctx.simulation.randomChunking ? ids.chunking() : undefined,
    },
  };
}

/** Tokens a stream event carries: those of its `delta` text (0 for framing events). */
function deltaTokens(event: { type: string; delta?: unknown }, count: (text: string) => number): number {
  return event.type.endsWith('.delta') && typeof event.delta === 'string' ? count(event.delta) : 0;
}

/** The request's instructions when they are text (the prompt's system message in stored content). */
function instructionsOf(request: CanonicalRequest): string | undefined {
  return typeof request.instructions === 'string' ? request.instructions : undefined;
}
