import type fc from 'fast-check';
import type { Check, CheckContext, Judgement } from '../check.ts';
import type { Exchange } from '../client/exchange.ts';
import type { Probe } from '../client/probe.ts';
import { expectError, expectServed } from '../oracles/error-envelope.ts';
import { probeAll } from './probe-all.ts';
import { propertyRuns, runProperty } from './run-property.ts';
import type { Stratum } from './stratum.ts';

export interface BoundaryRule {
  readonly id: string;
  readonly spec: string;
  /** Catalogue rules this check judges. */
  readonly rules: readonly string[];
  readonly title: string;
  /** Operation path, default `/responses`. */
  readonly path?: string;
  /** Request bodies right at the boundary that the rule allows: each must be served. */
  readonly accepted?: (ctx: CheckContext) => readonly Record<string, unknown>[];
  /** How a served answer is recognised (default: a Responses result). */
  readonly served?: (exchange: Exchange) => Judgement;
  /**
   * Request bodies that break only this rule; shrinking lands on the boundary (257, 17, 31, ...).
   * Strata (one per kind of violation) are each sent at their smallest first.
   */
  readonly violating: (ctx: CheckContext) => fc.Arbitrary<Record<string, unknown>> | readonly Stratum<Record<string, unknown>>[];
  /** Status a violation gets (spec 7: 400 for schema rules). */
  readonly status?: number;
  /** How a refusal is judged (default: `status` with the spec 7 envelope); a surface with its own error shape gives its own. */
  readonly refused?: (exchange: Exchange) => Judgement;
  /** Runs of the property (1 for a constant). Default the run's. */
  readonly runs?: number;
  readonly requires?: Check['requires'];
  /** Default false: it may run beside other checks. */
  readonly exclusive?: Check['exclusive'];
}

/**
 * A check for one validation rule at its boundary: a property that every violation is rejected
 * with the status and the spec 7 envelope, then the boundary values the rule allows are served.
 * Every probe to a paid operation takes a unit of the budget, rejected or not.
 *
 * @example
 * boundaryRuleCheck({ id: 'validation.store', spec: 'spec 2.1', rules: ['request.store-false'], title: 'store true is rejected',
 *   accepted: (ctx) => [{ ...baseResponsesRequest(ctx.model), store: false }],
 *   violating: (ctx) => fc.constant({ ...baseResponsesRequest(ctx.model), store: true }) });
 */
export function boundaryRuleCheck(rule: BoundaryRule): Check {
  const path = rule.path ?? '/responses';
  return {
    id: rule.id,
    spec: rule.spec,
    rules: rule.rules,
    title: rule.title,
    ...(rule.requires ? { requires: rule.requires } : {}),
    // Statuses and error envelopes, and whether an answer is a Responses result, do not depend on
    // what else the target is serving: it may run beside other checks unless the rule says not.
    exclusive: rule.exclusive ?? false,
    // One violation of every kind and every allowed boundary, before any random run.
    owes: (ctx) => {
      const violating = rule.violating(ctx);
      return { own: (Array.isArray(violating) ? violating.length : 1) + (rule.accepted?.(ctx).length ?? 0) };
    },
    async run(ctx) {
      const probe = (body: Record<string, unknown>): Probe => ({ method: 'POST', path, body });
      const accepted = rule.accepted?.(ctx) ?? [];
      const violating = rule.violating(ctx);
      const strata = Array.isArray(violating) ? (violating as readonly Stratum<Record<string, unknown>>[]) : undefined;
      const kinds = strata?.length ?? 1;
      // Owed above the fair share: one violation of every kind and every allowed boundary.
      ctx.client.budget.ensure(kinds + accepted.length);
      // On a budget, keep units for the accepted side: both halves of the rule get judged.
      const runs = Math.max(kinds, Math.min(rule.runs ?? ctx.runs, ctx.client.budget.remaining() - accepted.length));
      const rejected = await runProperty(ctx, {
        ...(strata ? { strata } : { arbitrary: violating as fc.Arbitrary<Record<string, unknown>> }),
        rules: rule.rules,
        probe,
        runs,
        oracle: (exchange) => (rule.refused ?? expectError(rule.status ?? 400))(exchange),
      });
      if (rejected.status !== 'passed' || !rule.accepted) return rejected;
      const outcome = await probeAll(ctx, accepted.map(probe), rule.served ?? expectServed);
      // The allowed side is half of the rule: not sent is no pass.
      if (outcome.status === 'skipped')
        return { status: 'skipped', reason: `violations refused; the allowed boundary was not sent: ${outcome.reason}`, unprobed: [] };
      if (outcome.status !== 'passed') return outcome;
      const probed = { examples: (rejected.probed?.examples ?? propertyRuns(ctx, { runs })) + accepted.length, rules: rejected.probed?.rules ?? rule.rules };
      return rejected.reason ? { ...rejected, probed } : { status: 'passed', probed };
    },
  };
}
