import type { CheckContext, CheckOutcome, Problems } from '../check.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';

/**
 * Judge one answer that several checks share (one paid generation, many rules): the probe is sent
 * once per run (memoised under `key`), each check applies its own oracle.
 *
 * @example
 * judgeShared(ctx, 'stream.sample', streamProbe(ctx), streamDoneProblems);
 */
export async function judgeShared(
  ctx: CheckContext,
  key: string,
  probe: Probe,
  oracle: (exchange: Exchange) => Problems,
): Promise<CheckOutcome> {
  let exchange: Exchange;
  try {
    exchange = await ctx.shared(key, () => ctx.client.send(probe));
  } catch (error) {
    if (error instanceof BudgetExhaustedError) return { status: 'skipped', reason: error.message };
    return { status: 'failed', reason: `request failed: ${error instanceof Error ? error.message : String(error)}`, counterexample: probe };
  }
  const problems = oracle(exchange);
  return problems.length === 0 ? { status: 'passed' } : { status: 'failed', reason: problems.join('; '), counterexample: probe };
}
