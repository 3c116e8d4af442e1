import type { LedgerPersistence } from '../schemas/ledger-record.ts';
import type { ApiKey } from '../auth/api-key.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GenerationRecord } from './generation-record.ts';
import { createCreditHolds, type Reservation } from './reservation.ts';
import { createUsageLedger, type KeyUsage, type UsageLedger, type UsageTotals } from './usage-ledger.ts';

/** A workspace's budgets as the account checks them (reference upsertWorkspaceBudget). */
export interface WorkspaceSpendLimits {
  readonly limits: ReadonlyArray<{ readonly interval: 'daily' | 'weekly' | 'monthly' | 'lifetime'; readonly limitUsd: number }>;
  /** Whether BYOK spend counts against the budgets (`include_byok_in_budgets`). */
  readonly includeByok: boolean;
}

/** Where the account learns a key's workspace and that workspace's budgets (the management plane); both O(1). */
export interface WorkspaceBudgetSource {
  of(apiKey: ApiKey): string;
  budget(workspaceId: string): WorkspaceSpendLimits | undefined;
}

/**
 * What each workspace has spent (on the gateway clock, per UTC day, week and month) and holds
 * open, checked against its budgets: a workspace's budget takes part in the same credit hold as
 * the key's limit, so concurrent answers cannot overspend it.
 */
export interface WorkspaceSpend {
  /** The 402 when a budget of the key's workspace is used up (usage and open holds), else undefined. */
  refusal(apiKey: ApiKey): GatewayError | undefined;
  /** USD the key's workspace may still commit (Infinity without budgets). */
  left(apiKey: ApiKey): number;
  /**
   * The 402 (spec 7, naming the budget) when the workspace's budget is what `worstCost` does not
   * fit in: less is left of it than `otherLeft` (the key's limit and the account's credits).
   */
  mustFit(apiKey: ApiKey, worstCost: number, otherLeft: number): void;
  /**
   * One reservation of `worstCost` on the key (`keyHold`, which records the answer when settled)
   * and on its workspace: settled, the key's hold is settled and then the answer's cost added to
   * the workspace; either way both holds close.
   */
  reserve(apiKey: ApiKey, worstCost: number, keyHold: Reservation, byokCost: (record: GenerationRecord) => number): Reservation;
  /** What the workspace spent (and what BYOK providers billed it), as a key's usage reads. */
  usage(workspaceId: string): KeyUsage;
  clear(): void;
}

function spentIn(usage: UsageTotals, interval: WorkspaceSpendLimits['limits'][number]['interval']): number {
  if (interval === 'daily') return usage.daily;
  if (interval === 'weekly') return usage.weekly;
  if (interval === 'monthly') return usage.monthly;
  return usage.total;
}

const WORDS = { daily: 'today', weekly: 'this week', monthly: 'this month', lifetime: 'in all' } as const;
const dollars = (n: number) => `$${Number(n.toPrecision(6))}`;

const chargeNothing = () => undefined;

/** Where a settled answer's cost goes besides the key: its workspace's ledger. */
interface WorkspaceCharge {
  readonly ledger: UsageLedger;
  readonly id: string;
  readonly byokCost: (record: GenerationRecord) => number;
}

/** A key's hold with its workspace's beside it. A class: its methods live on the prototype, not in closures made per answer. */
class WorkspaceHold implements Reservation {
  readonly #budgetHold: Reservation;
  readonly #keyHold: Reservation;
  readonly #charge: WorkspaceCharge | undefined;

  constructor(budgetHold: Reservation, keyHold: Reservation, charge: WorkspaceCharge | undefined) {
    this.#budgetHold = budgetHold;
    this.#keyHold = keyHold;
    this.#charge = charge;
  }

  get worstCost(): number {
    return this.#keyHold.worstCost;
  }

  get open(): boolean {
    return this.#keyHold.open;
  }

  settle(answer: GenerationRecord): void {
    this.#budgetHold.release();
    // The key's hold records the answer (once); the workspace is charged after it, as often.
    if (!this.#keyHold.open) return;
    this.#keyHold.settle(answer);
    const charge = this.#charge;
    if (charge) charge.ledger.charge(charge.id, answer.cost, charge.byokCost(answer));
  }

  release(): void {
    this.#budgetHold.release();
    this.#keyHold.release();
  }
}

/**
 * @example
 * const spend = createWorkspaceSpend(() => clock.now(), { of: (k) => k.workspaceId ?? 'default', budget: (id) => budgets.get(id) });
 * spend.refusal(apiKey); // the 402 once the workspace's daily budget is spent
 */
export function createWorkspaceSpend(now: () => number, source: WorkspaceBudgetSource | undefined, persisted?: LedgerPersistence): WorkspaceSpend {
  const ledger = createUsageLedger(now, persisted);
  const holds = createCreditHolds();
  /** The tightest budget of the key's workspace: what is left of it, and what was spent. */
  const tightest = (apiKey: ApiKey) => {
    const id = source?.of(apiKey);
    const budget = id === undefined ? undefined : source?.budget(id);
    // A workspace without budgets (the default one, as a rule) has nothing to check: its usage is not read.
    if (id === undefined || !budget || budget.limits.length === 0) return undefined;
    const { usage, byok } = ledger.keyUsage(id);
    const held = holds.heldBy(id);
    let best: { left: number; spent: number; limit: (typeof budget.limits)[number] } | undefined;
    for (const limit of budget.limits) {
      const spent = spentIn(usage, limit.interval) + (budget.includeByok ? spentIn(byok, limit.interval) : 0);
      const left = limit.limitUsd - spent - held;
      if (!best || left < best.left) best = { left, spent, limit };
    }
    return best && { ...best, held };
  };
  return {
    refusal(apiKey) {
      const t = tightest(apiKey);
      if (!t || t.left > 1e-12) return undefined;
      const held = t.held > 0 ? ` with ${dollars(t.held)} held for answers in progress` : '';
      return new GatewayError(
        402,
        `Insufficient credits: this key's workspace has used ${dollars(t.spent)} ${WORDS[t.limit.interval]} of its ${t.limit.interval} budget of ${dollars(t.limit.limitUsd)}${held}. Raise the workspace's budget to continue.`,
      );
    },
    left: (apiKey) => tightest(apiKey)?.left ?? Infinity,
    mustFit(apiKey, worstCost, otherLeft) {
      const t = tightest(apiKey);
      // A cent's trillionth of slack: prices are summed decimals.
      if (!t || worstCost <= t.left + 1e-12 || t.left >= otherLeft) return;
      throw new GatewayError(
        402,
        `Insufficient credits: this request may cost up to ${dollars(worstCost)}, and this key's workspace has ${dollars(Math.max(0, t.left))} left of its ${t.limit.interval} budget of ${dollars(t.limit.limitUsd)}. Raise the workspace's budget to continue.`,
      );
    },
    reserve(apiKey, worstCost, keyHold, byokCost) {
      const id = source?.of(apiKey);
      return new WorkspaceHold(holds.hold(id ?? '', worstCost, chargeNothing), keyHold, id === undefined ? undefined : { ledger, id, byokCost });
    },
    usage: (workspaceId) => ledger.keyUsage(workspaceId),
    clear() {
      ledger.clear();
      holds.clear();
    },
  };
}
