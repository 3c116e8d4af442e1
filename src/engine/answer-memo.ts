import { cancelledGeneration } from '../account/cancelled-generation.ts';
import type { GenerationRecord } from '../account/generation-record.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { rawBodyOf, rawBodyResponse, rawText } from '../http/raw-body.ts';
import type { RequestContext } from '../http/route.ts';
import type { ScriptRegistry } from '../scripts/script-registry.ts';
import { ANSWER_BODY_LIMIT, answerKeys } from './answer-keys.ts';
import { sameCircumstances } from './reuse-circumstances.ts';
import { sseFramesResponse } from '../streaming/sse-response.ts';
import { answerIds } from './answer-ids.ts';
import type { AnswerReuse } from './answer-reuse.ts';
import { fillTemplate, fillText, makeTemplate, textTemplate, type AnswerTemplate, type TextTemplate } from './answer-template.ts';
import { answeredBody, renderInFull, type AnswerPath, type Rendered } from './answer-path.ts';

/** Requests remembered per gateway (least recently answered forgotten first). */
export const ANSWERS_KEPT = 64;

/** What the memo tells of its work (the gateway's metrics count it): a request looked up, an answer given from it. */
export interface MemoCounts {
  answerMemo(outcome: 'consulted' | 'replayed'): void;
}

/**
 * Identical requests answered once: a request whose answer depends only on its body, its key, the
 * metadata header and the second of the clock (the answer says so: `EngineAnswer.reuse`) is
 * answered the next times from the rendered bytes, with only the per-answer ids drawn again and
 * spliced in, and the generation records written as the full path writes them. Nothing a client
 * can see changes: a remembered answer is used only after a second answer to the same request,
 * made in full, came out exactly as the first one's template said it would (else the request is
 * never remembered). Whether a request may be remembered is asked of its two owners and stated
 * here nowhere: its circumstances before the work (reuse-circumstances.ts: simulation headers,
 * timing, faults, presets, scripts) and what its answer drew on after (reusable-answer.ts). A
 * preset is applied here first (`@preset/<slug>`: docs/decisions/0076), and the scripts in play
 * are part of the key.
 */
export type AnswerMemo = AnswerPath;

type Body = { readonly text: TextTemplate } | { readonly frames: readonly AnswerTemplate[] };

/** A request whose answer is never replayed (it cannot be, or a second answer did not match). */
const REFUSED = { state: 'refused' } as const;

/**
 * A request answered once: its answer as rendered, kept as it is (most requests never come again,
 * so the templates are made only when one does).
 */
interface Seen {
  readonly state: 'first';
  readonly status: number;
  /** Taken before the dispatcher adds its own (CORS): it adds them to a replayed answer too. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: { readonly text: string } | { readonly frames: readonly string[] };
  readonly values: readonly string[];
  readonly reuse: AnswerReuse;
  readonly recordCount: number;
}

/** A request answered twice the same way, ids aside: answered from these templates from now on. */
interface Learned {
  readonly state: 'verified';
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, AnswerTemplate]>;
  readonly body: Body;
  readonly reuse: AnswerReuse;
  /** How many records the first answer wrote (a record written later, mid-stream, refuses the request). */
  readonly recordCount: number;
}

/** The per-answer values in the order the templates number them: response draw, item draws, generation id. */
function valuesOf(reuse: Pick<AnswerReuse, 'responseDraw' | 'itemDraws'>, generationId: string): string[] {
  return [reuse.responseDraw, ...reuse.itemDraws, generationId];
}

function see(response: Response, reuse: AnswerReuse, values: readonly string[]): Seen | undefined {
  const raw = rawBodyOf(response);
  const body = raw && 'text' in raw ? { text: raw.text } : raw && 'frames' in raw ? { frames: raw.frames.list } : undefined;
  if (!body) return undefined;
  const headers: Array<readonly [string, string]> = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return { state: 'first', status: response.status, headers, body, values, reuse, recordCount: reuse.records.length };
}

/** The templates of an answer seen once: each of its per-answer values becomes a hole. */
function learn(seen: Seen): Learned {
  const values = seen.values;
  const body: Body =
    'text' in seen.body
      ? { text: textTemplate(makeTemplate(seen.body.text, values)) }
      : { frames: seen.body.frames.map((frame) => makeTemplate(frame, values)) };
  const headers = seen.headers.map(([name, value]) => [name, makeTemplate(value, values)] as const);
  return { state: 'verified', status: seen.status, headers, body, reuse: seen.reuse, recordCount: seen.recordCount };
}

/** The record the full path would write for an answer with these values (one per answer, or none), from the learned answer's. */
function replayRecord(
  learned: Pick<Learned, 'reuse'>,
  at: { id: string; responseId: string; receivedAt: number; headers: Headers },
): GenerationRecord | undefined {
  return learned.reuse.records.length === 0 ? undefined : learned.reuse.firstRecord(at);
}

function sameRecord(a: GenerationRecord, b: GenerationRecord): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => sameValue((a as unknown as Record<string, unknown>)[k], (b as unknown as Record<string, unknown>)[k]));
}

/** A record's member: the same primitive, or an object (the stored prompt and completion) with the same JSON. */
function sameValue(x: unknown, y: unknown): boolean {
  if (Object.is(x, y)) return true;
  return typeof x === 'object' && x !== null && typeof y === 'object' && y !== null && JSON.stringify(x) === JSON.stringify(y);
}

/** The Response the learned answer gives for these values (fresh headers: the dispatcher adds to them). */
function replayResponse(learned: Learned, values: readonly string[]): Response {
  const headers: Record<string, string> = {};
  for (const [name, value] of learned.headers) headers[name] = fillTemplate(value, values);
  const body = learned.body;
  if ('text' in body) {
    const filled = fillText(body.text, values);
    return rawBodyResponse(rawText(filled.text, filled.known), { status: learned.status, headers });
  }
  const list = body.frames.map((frame) => fillTemplate(frame, values));
  return sseFramesResponse({ list, text: list.join('') }, headers);
}

/** Whether `response` is exactly what `learned` gives for `values`. */
function matches(learned: Learned, response: Response, values: readonly string[]): boolean {
  const raw = rawBodyOf(response);
  const replay = rawBodyOf(replayResponse(learned, values));
  if (!raw || !replay || response.status !== learned.status) return false;
  if ('text' in raw) {
    if (!('text' in replay) || raw.text !== replay.text) return false;
  } else if ('frames' in raw) {
    if (!('frames' in replay) || raw.frames.list.length !== replay.frames.list.length || raw.frames.list.some((f, i) => f !== replay.frames.list[i]))
      return false;
  } else return false;
  const theirs: string[] = [];
  response.headers.forEach((value, name) => theirs.push(`${name}: ${value}`));
  const mine = learned.headers.map(([name, value]) => `${name}: ${fillTemplate(value, values)}`);
  return theirs.length === mine.length && theirs.every((h, i) => h === mine[i]);
}

/**
 * The memo of one engine.
 *
 * @example
 * const answers = createAnswerMemo({ env, scripts });
 * handle: (ctx) => answers.answer(ctx, 'responses', async (body) => { const answer = await runEngine(...); return { answer, response: renderResponses(answer) }; })
 */
export function createAnswerMemo(deps: { env: GatewayEnv; scripts: ScriptRegistry; limit?: number; counts?: MemoCounts }): AnswerMemo {
  const { env, scripts, counts } = deps;
  const limit = deps.limit ?? ANSWERS_KEPT;
  const kept = new Map<string, Seen | Learned | typeof REFUSED>();
  // The key last put at the end of `kept` (the most recently answered): answering it again needs
  // no move (a Map entry deleted and made again per answer made V8 rebuild the table every few answers).
  let newest: string | undefined;
  let replayed = 0;

  const keyOf = answerKeys();

  function replay(learned: Learned, ctx: RequestContext): Response {
    const ids = answerIds(env.seed, ctx.seq);
    const responseDraw = ids.responseDraw();
    const items = ids.items;
    // The values in the templates' order (valuesOf), made in one array: response draw, item draws, generation id.
    const lengths = learned.reuse.itemDrawLengths;
    const values: string[] = [responseDraw];
    for (let i = 0; i < lengths.length; i++) values.push(items.alphanumeric(lengths[i] as number));
    const generationId = ctx.generationId();
    values.push(generationId);
    // The same billing path as the full answer: a hold of what it costs, settled at once (402 when it does not fit).
    const record = replayRecord(learned, { id: generationId, responseId: `resp_${responseDraw}`, receivedAt: ctx.receivedAt, headers: ctx.request.headers });
    if (record) {
      const hold = ctx.reserve(record.cost);
      ctx.afterDelivery((delivery) => hold.settle(cancelledGeneration(record, delivery)));
    }
    replayed++;
    counts?.answerMemo('replayed');
    return replayResponse(learned, values);
  }

  return {
    async answer(ctx, surface, render) {
      const make = (body: unknown): Promise<Rendered> => renderInFull(ctx, render, body);
      const sent = await ctx.json();
      const body = answeredBody(env, surface, sent);
      const inPlay = scripts.list();
      const bytes = limit > 0 && sameCircumstances(ctx, env, inPlay, body !== sent) ? await ctx.bytes() : undefined;
      // Long bodies are never remembered: each key holds its body.
      if (bytes === undefined || bytes.byteLength > ANSWER_BODY_LIMIT) return (await make(body)).response;
      const key = keyOf(ctx, surface, bytes, inPlay);
      counts?.answerMemo('consulted');
      const known = kept.get(key);
      if (known?.state === 'verified') {
        // A record written after the first answer was rendered (mid-stream) is not replayed.
        if (known.reuse.records.length === known.recordCount) {
          if (key !== newest) {
            kept.delete(key);
            kept.set(key, known);
            newest = key;
          }
          return replay(known, ctx);
        }
        kept.set(key, REFUSED);
      }
      const { answer, response } = await make(body);
      if (known?.state !== 'first') {
        if (known) return response;
        const reuse = answer.reuse;
        if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
        kept.set(key, (reuse && see(response, reuse, valuesOf(reuse, answer.generationId))) || REFUSED);
        newest = key;
        return response;
      }
      const reuse = answer.reuse;
      const values = reuse ? valuesOf(reuse, answer.generationId) : [];
      // The second answer, made in full, must be exactly what the first one's template gives.
      const record = reuse
        ? replayRecord(known, { id: answer.generationId, responseId: `resp_${reuse.responseDraw}`, receivedAt: ctx.receivedAt, headers: ctx.request.headers })
        : undefined;
      const learned = learn(known);
      const verified =
        reuse !== undefined &&
        reuse.itemDrawLengths.length === known.reuse.itemDrawLengths.length &&
        reuse.itemDrawLengths.every((n, i) => n === known.reuse.itemDrawLengths[i]) &&
        reuse.records.length === known.recordCount &&
        (record === undefined ? reuse.records.length === 0 : reuse.records.length === 1 && sameRecord(record, reuse.records[0] as GenerationRecord)) &&
        matches(learned, response, values);
      kept.set(key, verified ? learned : REFUSED);
      return response;
    },
    stats: () => ({ replayed, kept: kept.size }),
    clear() {
      kept.clear();
      newest = undefined;
    },
  };
}
