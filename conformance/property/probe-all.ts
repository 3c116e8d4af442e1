import type { CheckContext, CheckOutcome, Problems } from '../check.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';

/**
 * Send fixed probes in order (boundary values, which are already the smallest examples) and judge
 * each; the first that breaks the rule is the counterexample.
 *
 * @example
 * await probeAll(ctx, [{ method: 'GET', path: '/responses', auth: 'none' }], expectError(401));
 */
export async function probeAll(
  ctx: CheckContext,
  probes: readonly Probe[],
  oracle: (exchange: Exchange, probe: Probe) => Problems,
): Promise<CheckOutcome> {
  for (const probe of probes) {
    let exchange: Exchange;
    try {
      exchange = await ctx.client.send(probe);
    } catch (error) {
      if (error instanceof BudgetExhaustedError) return { status: 'skipped', reason: error.message };
      return { status: 'failed', reason: `request failed: ${error instanceof Error ? error.message : String(error)}`, counterexample: probe };
    }
    const problems = oracle(exchange, probe);
    if (problems.length > 0) return { status: 'failed', reason: problems.join('; '), counterexample: probe };
  }
  return { status: 'passed' };
}
