import type { Judgement, Problems } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Costs are floating dollars: equal within a micro-cent. */
const COST_EPSILON = 1e-8;
const sameCost = (a: unknown, b: unknown) => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= COST_EPSILON;

/** What a paid answer says of itself: its generation id, model and usage (a Responses result). */
export interface PaidAnswer {
  readonly generationId: string;
  readonly model: unknown;
  readonly inputTokens: unknown;
  readonly outputTokens: unknown;
  readonly cost: unknown;
}

/**
 * The generation id, model and usage of a served Responses result, or why it cannot be read
 * (`result.shape` owns a served result; `always.generation-id` the header).
 */
export function paidAnswerOf(answer: Answer): PaidAnswer | { inconclusive: string; owner: string } {
  if (answer.status < 200 || answer.status >= 300) return { inconclusive: `the paid request was not served (HTTP ${answer.status})`, owner: 'result.shape' };
  const generationId = answer.headers['x-generation-id'];
  if (!generationId) return { inconclusive: 'the answer carries no X-Generation-Id to look up', owner: 'always.generation-id' };
  const json = exchangeJson(answer);
  if (!isObject(json) || !isObject(json.usage)) return { inconclusive: 'the answer is not a result with usage', owner: 'result.shape' };
  return { generationId, model: json.model, inputTokens: json.usage.input_tokens, outputTokens: json.usage.output_tokens, cost: json.usage.cost };
}

/**
 * reference `GenerationResponse`: the lookup of a paid answer's id describes that answer: the
 * same id and model, token counts equal to its usage, total_cost equal to usage.cost, not streamed.
 *
 * @example
 * generationLookupProblems(lookup, { generationId: 'gen-1', model: 'm', inputTokens: 3, outputTokens: 2, cost: 0.0001 }); // []
 */
export function generationLookupProblems(lookup: Answer, paid: PaidAnswer): Problems {
  const where = 'reference GenerationResponse';
  if (lookup.status !== 200)
    return [
      `${where}: GET /generation?id=${paid.generationId} must answer 200 for an id the gateway issued, got ${lookup.status}: ${lookup.text.slice(0, 160)}`,
    ];
  const json = exchangeJson(lookup);
  const data = isObject(json) && isObject(json.data) ? json.data : undefined;
  if (!data) return [`${where}: the answer must be {data: {...}}, got ${lookup.text.slice(0, 160)}`];
  const problems: string[] = [];
  const expect = (field: string, got: unknown, want: unknown, same = (a: unknown, b: unknown) => a === b) => {
    if (!same(got, want)) problems.push(`${where}: data.${field} is ${JSON.stringify(got)}, the answer it describes says ${JSON.stringify(want)}`);
  };
  expect('id', data.id, paid.generationId);
  expect('model', data.model, paid.model);
  expect('tokens_prompt', data.tokens_prompt, paid.inputTokens);
  expect('tokens_completion', data.tokens_completion, paid.outputTokens);
  if (typeof paid.cost === 'number') expect('total_cost', data.total_cost, paid.cost, sameCost);
  expect('streamed', data.streamed, false);
  return problems;
}

/** The `data` of a `GET /key` answer, with the numbers the usage rule reads. */
export interface KeyState {
  readonly usage: number;
  readonly usageDaily: number | undefined;
  readonly limit: number | null;
  readonly limitRemaining: number | null;
}

/** Read `GET /key` (reference): its usage, daily usage, limit and what is left of it. */
export function keyStateOf(answer: Answer): KeyState | { problem: string } {
  if (answer.status !== 200) return { problem: `reference GET /key: must answer 200 for the calling key, got ${answer.status}: ${answer.text.slice(0, 160)}` };
  const json = exchangeJson(answer);
  const data = isObject(json) && isObject(json.data) ? json.data : undefined;
  if (!data || typeof data.usage !== 'number')
    return { problem: `reference GET /key: the answer must be {data: {usage: number, ...}}, got ${answer.text.slice(0, 160)}` };
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    usage: data.usage,
    usageDaily: typeof data.usage_daily === 'number' ? data.usage_daily : undefined,
    limit: num(data.limit),
    limitRemaining: num(data.limit_remaining),
  };
}

/**
 * reference `GET /key`: after one paid answer costing `cost`, the key's usage (and usage_daily)
 * moved by exactly that cost, and limit_remaining (when the key has a limit) fell by it, never
 * below 0.
 */
export function keyUsageProblems(before: KeyState, after: KeyState, cost: number): Judgement {
  const problems: string[] = [];
  const where = 'reference GET /key';
  if (!sameCost(after.usage - before.usage, cost))
    problems.push(`${where}: usage moved by ${after.usage - before.usage} (${before.usage} -> ${after.usage}), the paid answer cost ${cost}`);
  if (before.usageDaily !== undefined && after.usageDaily !== undefined && !sameCost(after.usageDaily - before.usageDaily, cost)) {
    problems.push(`${where}: usage_daily moved by ${after.usageDaily - before.usageDaily}, the paid answer cost ${cost}`);
  }
  if (after.limit !== null && before.limitRemaining !== null && after.limitRemaining !== null) {
    const expected = Math.max(0, before.limitRemaining - cost);
    if (!sameCost(after.limitRemaining, expected))
      problems.push(`${where}: limit_remaining went ${before.limitRemaining} -> ${after.limitRemaining}, expected ${expected} after a cost of ${cost}`);
  }
  return problems;
}
