import type { Check, CheckContext, CheckOutcome } from '../../check.ts';
import { exchangeJson, observedOf, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { generationLookupProblems, keyStateOf, keyUsageProblems, paidAnswerOf, type KeyState } from './oracles.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { BudgetExhaustedError } from '../../client/request-budget.ts';
import { isSendError, outcomeOfError } from '../../property/outcome-of-error.ts';
import { baseResponsesRequest, UNKNOWN_JOB_ID } from '../../requests.ts';

/** A live gateway records generations and usage a moment after the answer: look again this many times. */
const LOOKS = 4;
const LOOK_INTERVAL_MS = 1000;

const paidProbe = (ctx: CheckContext): Probe => ({ method: 'POST', path: '/responses', body: baseResponsesRequest(ctx.model) });
const failed = (reason: string, probe: Probe, exchange: Exchange): CheckOutcome => ({
  status: 'failed',
  reason,
  counterexample: probe,
  observed: observedOf(exchange),
});

/** Send, turning a send error (budget, transport) into the check's outcome. */
async function send(ctx: CheckContext, probe: Probe): Promise<Exchange | CheckOutcome> {
  try {
    return await ctx.client.send(probe);
  } catch (error) {
    if (!isSendError(error)) throw error;
    return outcomeOfError(error, probe);
  }
}
const isOutcome = (v: Exchange | CheckOutcome): v is CheckOutcome => 'status' in v && !('chunks' in v);

/** Each account check needs one paid answer: without a unit of budget it sends nothing, not even its free reads. */
const withoutBudget = (ctx: CheckContext): CheckOutcome | undefined =>
  ctx.client.budget.remaining() === 0 ? outcomeOfError(new BudgetExhaustedError(0)) : undefined;

/** reference `GET /generation`: a paid answer can be looked up by its X-Generation-Id, and says the same. */
export const generationLookup: Check = {
  id: 'account.generation-lookup',
  spec: 'spec 4.1; reference GenerationResponse',
  rules: ['generation.lookup-consistent'],
  title:
    'GET /generation?id=<X-Generation-Id> describes the paid answer (id, model, token counts, total_cost = usage.cost, not streamed); an unknown id is 404 with the envelope',
  run: async (ctx) => {
    const skip = withoutBudget(ctx);
    if (skip) return skip;
    const probe = paidProbe(ctx);
    const answer = await send(ctx, probe);
    if (isOutcome(answer)) return answer;
    const paid = paidAnswerOf(answer);
    if ('inconclusive' in paid)
      return { status: 'inconclusive', reason: paid.inconclusive, owner: paid.owner, counterexample: probe, observed: observedOf(answer) };
    const lookupProbe: Probe = { method: 'GET', path: `/generation?id=${encodeURIComponent(paid.generationId)}` };
    let lookup: Exchange | CheckOutcome = await send(ctx, lookupProbe);
    for (let look = 1; !isOutcome(lookup) && lookup.status === 404 && !ctx.simulator && look < LOOKS; look++) {
      await ctx.sleep(LOOK_INTERVAL_MS);
      lookup = await send(ctx, lookupProbe);
    }
    if (isOutcome(lookup)) return lookup;
    const problems = generationLookupProblems(lookup, paid);
    if (problems.length > 0) return failed(problems.join('; '), lookupProbe, lookup);
    const unknownProbe: Probe = { method: 'GET', path: `/generation?id=${UNKNOWN_JOB_ID.replace('gen-vid-', 'gen-')}` };
    const unknown = await send(ctx, unknownProbe);
    if (isOutcome(unknown)) return unknown;
    const unknownProblems = expectError(404)(unknown);
    return unknownProblems.length > 0 ? failed(`an id never issued: ${unknownProblems.join('; ')}`, unknownProbe, unknown) : { status: 'passed' };
  },
};

/** reference `GET /key`: usage is real, it moves by what each paid answer cost. */
export const keyUsage: Check = {
  id: 'account.key-usage',
  spec: 'spec 4.1; reference GET /key',
  rules: ['key.usage-moves'],
  title: 'GET /key usage (and usage_daily, limit_remaining) moves by the usage.cost of a paid answer made with the key',
  run: async (ctx) => {
    const skip = withoutBudget(ctx);
    if (skip) return skip;
    const keyProbe: Probe = { method: 'GET', path: '/key' };
    const first = await send(ctx, keyProbe);
    if (isOutcome(first)) return first;
    const before = keyStateOf(first);
    if ('problem' in before) return failed(before.problem, keyProbe, first);
    const probe = paidProbe(ctx);
    const answer = await send(ctx, probe);
    if (isOutcome(answer)) return answer;
    const paid = paidAnswerOf(answer);
    if ('inconclusive' in paid)
      return { status: 'inconclusive', reason: paid.inconclusive, owner: paid.owner, counterexample: probe, observed: observedOf(answer) };
    if (typeof paid.cost !== 'number')
      return {
        status: 'inconclusive',
        reason: 'the paid answer states no usage.cost to compare with',
        owner: 'result.usage',
        counterexample: probe,
        observed: observedOf(answer),
      };
    let after: KeyState | { problem: string } = before;
    let last: Exchange = first;
    for (let look = 0; look < (ctx.simulator ? 1 : LOOKS); look++) {
      if (look > 0) await ctx.sleep(LOOK_INTERVAL_MS);
      const next = await send(ctx, keyProbe);
      if (isOutcome(next)) return next;
      last = next;
      after = keyStateOf(next);
      if ('problem' in after) return failed(after.problem, keyProbe, next);
      if (after.usage !== before.usage) break;
    }
    const problems = keyUsageProblems(before, after as KeyState, paid.cost);
    return Array.isArray(problems) && problems.length > 0 ? failed(problems.join('; '), keyProbe, last) : { status: 'passed' };
  },
};

/**
 * spec 7 (402: insufficient credits or quota): an account whose usage has reached its credits gets
 * 402 with the envelope on a paid operation, and is served again once credits are added. The
 * simulator's control API sets the credits (`/__gatewaykit/credits`); the check puts them back.
 */
export const limit402: Check = {
  id: 'account.limit-402',
  spec: 'spec 7; reference GET /credits',
  rules: ['credits.limit-402'],
  title: 'At the limit a paid request gets 402 with the envelope (credits set to the usage so far); with the credits back it is served again',
  requires: ['simulator'],
  run: async (ctx) => {
    const skip = withoutBudget(ctx);
    if (skip) return skip;
    const stateProbe: Probe = { method: 'GET', path: '/__gatewaykit/credits' };
    const state = await send(ctx, stateProbe);
    if (isOutcome(state)) return state;
    const credits = exchangeJson(state) as { total_credits?: unknown; total_usage?: unknown } | undefined;
    if (state.status !== 200 || typeof credits?.total_credits !== 'number' || typeof credits.total_usage !== 'number') {
      return failed(
        `the simulator's GET /__gatewaykit/credits must answer {total_credits, total_usage}, got ${state.status}: ${state.text.slice(0, 160)}`,
        stateProbe,
        state,
      );
    }
    const setCredits = (total: number): Probe => ({ method: 'POST', path: '/__gatewaykit/credits', body: { total_credits: total } });
    const exhaust = await send(ctx, setCredits(credits.total_usage));
    if (isOutcome(exhaust)) return exhaust;
    if (exhaust.status !== 200)
      return failed(
        `the simulator's POST /__gatewaykit/credits refused ${JSON.stringify({ total_credits: credits.total_usage })}: ${exhaust.status}`,
        setCredits(credits.total_usage),
        exhaust,
      );
    const probe = paidProbe(ctx);
    let refused: Exchange | CheckOutcome;
    try {
      refused = await send(ctx, probe);
    } finally {
      await send(ctx, setCredits(credits.total_credits));
    }
    if (isOutcome(refused)) return refused;
    const problems = expectError(402)(refused);
    if (problems.length > 0) return failed(`with the credits used up: ${problems.join('; ')}`, probe, refused);
    const served = await send(ctx, probe);
    if (isOutcome(served)) return served;
    if (served.status < 200 || served.status >= 300)
      return failed(`with the credits put back the paid request must be served again, got ${served.status}`, probe, served);
    return { status: 'passed' };
  },
};

export const ACCOUNT_CHECKS: readonly Check[] = [generationLookup, keyUsage, limit402];
