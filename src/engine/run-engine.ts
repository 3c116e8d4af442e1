import type { ResponseResult } from '../generation/output-items.ts';
import type { RequestContext } from '../http/route.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import type { StreamFault } from '../simulation/simulation-headers.ts';
import { responseEvents, type ResponseStreamEvent } from '../streaming/response-events.ts';
import { upstreamBody } from '../streaming/upstream-body.ts';
import { waitForJsonAnswer, type TimedContext } from '../timing/timed-answer.ts';
import type { Delivery } from '../types/delivery.ts';
import { admitRequest, type AdmittedRequest } from './admit-request.ts';
import { AnswerDraws } from './answer-draws.ts';
import { answerIds } from './answer-ids.ts';
import { answerOutput } from './answer-output.ts';
import type { AnswerReuse } from './answer-reuse.ts';
import { reusableAnswer } from './reusable-answer.ts';
import type { CanonicalRequest } from './canonical-request.ts';
import type { Engine } from './create-engine.ts';
import { holdCredits } from './hold-credits.ts';
import { planAnswer } from './plan-answer.ts';
import { recordAnswer, type RecordedAnswer } from './record-answer.ts';
import { routeRequest, type RoutedRequest } from './route-request.ts';

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
   * Records and charges the answer in place of its credit hold, for what the client got (a stream
   * it left mid-way: its share): run once the answer is out (answer-memo.ts has the dispatcher run
   * it, for every surface). Until then nothing is charged.
   */
  readonly settle: (delivery?: Delivery) => void;
}

/**
 * The engine, surface-blind: from a canonical request to one answer, in named stages. Admit (files,
 * model variants, the prompt counted once), route (spec 1.6, 2.4, 2.5), hold the worst cost
 * (docs/account.md), plan the reply (a script or the deterministic generator, cut at a stop
 * sequence), output and usage (spec 2.2, prompt caching), record, then the timing and the events
 * of a stream. Everything that can fail does so here, before the first byte, as a GatewayError
 * with its real status (spec 7); a JSON answer under realistic timing resolves when the endpoint
 * would have answered.
 *
 * @example
 * const answer = await runEngine(engine, validateResponsesRequest(await ctx.json()), ctx);
 * answer.result.output; // what the surface renders
 */
export async function runEngine(engine: Engine, given: CanonicalRequest, ctx: RequestContext): Promise<EngineAnswer> {
  const admitted = await admitRequest(engine, given, ctx);
  const routed = routeRequest(engine.env, admitted, ctx, engine.routes);
  // Ids are fresh per answer, from the seed and the answer's sequence number (same requests, same
  // order after a reset -> same bytes); the reply's draws depend on the request alone.
  const draws = new AnswerDraws(engine.env.seed, admitted.request);
  const ids = answerIds(engine.env.seed, ctx.seq);
  const held = holdCredits(engine.env, admitted, routed, ctx);
  const stopped = await planAnswer(engine, admitted, routed, draws, ctx);
  const output = await answerOutput(engine, admitted, routed, held, stopped, ctx, ids.items);
  const recorded = recordAnswer(engine, admitted, routed, held, output, ids.responseDraw(), ctx);
  const { request, stream } = admitted;
  const { result, generationId, settle } = recorded;
  const headers = { 'x-generation-id': generationId };
  // A budget that ends the reply before the stop sequence is reached: the budget stopped it.
  const stopSequence = result.status === 'incomplete' ? undefined : stopped.stopSequence;
  const reuse = reusableAnswer(admitted, routed, held, output, recorded);
  const timed = timedContext(engine, routed, recorded);
  if (!stream) {
    if (timed) await waitForJsonAnswer(timed, output.usage.output_tokens);
    return { request, result, generationId, headers, stream: undefined, stopSequence, reuse, settle };
  }
  return { request, result, generationId, headers, stopSequence, reuse, settle, stream: engineStream(admitted, routed, recorded, timed, draws, ids, ctx) };
}

/** Realistic timing (docs/timing.md): at the routed endpoint's speed, on the gateway clock; undefined for instant answers. */
function timedContext(engine: Engine, routed: RoutedRequest, recorded: RecordedAnswer): TimedContext | undefined {
  if (!recorded.realistic) return undefined;
  const { env } = engine;
  const { decision, gatewayMetadata } = routed;
  return {
    clock: env.clock,
    timing: env.timing,
    endpoint: decision.endpoint,
    providerName: decision.provider,
    ...(gatewayMetadata ? { gatewayMetadata } : {}),
  };
}

/** The engine's events stage: the canonical event sequence of a streamed answer and how to deliver it. */
function engineStream(
  admitted: AdmittedRequest,
  routed: RoutedRequest,
  recorded: RecordedAnswer,
  timed: TimedContext | undefined,
  draws: AnswerDraws,
  ids: ReturnType<typeof answerIds>,
  ctx: RequestContext,
): EngineStream {
  const { request, fault, tokenizer } = admitted;
  const events = responseEvents(recorded.result, {
    rng: draws.rng().fork('deltas'),
    upstreamBody: request.debug?.echo_upstream_body === true ? upstreamBody(request, routed.modelId) : undefined,
    fail: fault === 'stream-error' ? { message: STREAM_ERROR_MESSAGE, countTokens: tokenizer.count } : undefined,
  });
  return {
    events,
    timed,
    eventTokens: timed ? events.map((e) => deltaTokens(e, tokenizer.count)) : undefined,
    fault,
    cutRng: fault === 'stream-cut' ? draws.rng().fork('cut') : undefined,
    chunking: ctx.simulation.randomChunking ? ids.chunking() : undefined,
  };
}

/** Tokens a stream event carries: those of its `delta` text (0 for framing events). */
function deltaTokens(event: { type: string; delta?: unknown }, count: (text: string) => number): number {
  return event.type.endsWith('.delta') && typeof event.delta === 'string' ? count(event.delta) : 0;
}
