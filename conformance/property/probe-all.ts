import { isInconclusive, type CheckContext, type CheckOutcome, type Judgement } from '../check.ts';
import { observedOf, type Exchange } from '../client/exchange.ts';
import type { SendOptions } from '../client/gateway-client.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';
import { outcomeOfError } from './outcome-of-error.ts';

/**
 * Send fixed probes in order (boundary values, which are already the smallest examples) and judge
 * each; the first that breaks the rule is the counterexample. With `sendAll` every probe is sent
 * even after a failure (the always-on oracles judge every answer), the first failure still the verdict. When an answer cannot be judged
 * (the oracle's precondition failed) the verdict is inconclusive, naming the owning check.
 *
 * @example
 * await probeAll(ctx, [{ method: 'GET', path: '/responses', auth: 'none' }], expectError(401));
 */
export async function probeAll(
  ctx: CheckContext,
  probes: readonly Probe[],
  oracle: (exchange: Exchange, probe: Probe) => Judgement,
  sendOptions?: SendOptions,
  options: { readonly sendAll?: boolean } = {},
): Promise<CheckOutcome> {
  let judged = 0;
  let first: CheckOutcome | undefined;
  // Every fixed probe is a kind of input the check owes: it may go above the check's fair share.
  ctx.client.budget.ensure(probes.length);
  for (const probe of probes) {
    let exchange: Exchange;
    try {
      exchange = await ctx.client.send(probe, sendOptions);
    } catch (error) {
      if (first) return first;
      // Out of budget part-way: what was judged held, but a probe not sent is no pass.
      if (error instanceof BudgetExhaustedError && judged > 0)
        return {
          status: 'skipped',
          reason: `the run's budget was spent after ${judged} of ${probes.length} probes; not sent: ${probes
            .slice(judged)
            .map((p) => `${p.method} ${p.path}`)
            .join(', ')}`,
        };
      return outcomeOfError(error, probe);
    }
    judged++;
    const judgement = oracle(exchange, probe);
    if (isInconclusive(judgement))
      first ??= { status: 'inconclusive', reason: judgement.inconclusive, owner: judgement.owner, counterexample: probe, observed: observedOf(exchange) };
    else if (judgement.length > 0) first ??= { status: 'failed', reason: judgement.join('; '), counterexample: probe, observed: observedOf(exchange) };
    // Without sendAll the first verdict is the check's; with it, the rest are sent all the same.
    if (first && !options.sendAll) return first;
  }
  return first ?? { status: 'passed', probed: { examples: judged, rules: [] } };
}
