import type { LedgerPersistence } from '../schemas/ledger-record.ts';
import type { ApiKey } from '../auth/api-key.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GenerationRecord } from './generation-record.ts';
import { createGenerationStore, DEFAULT_GENERATIONS_KEPT, type GenerationStore } from './generation-store.ts';
import type { FailedGeneration, GenerationContent } from './generation-content.ts';
import { createCreditHolds, type Reservation } from './reservation.ts';
import { createUsageLedger, type KeyUsage } from './usage-ledger.ts';
import { createWorkspaceSpend, type WorkspaceBudgetSource } from './workspace-spend.ts';

/** The account's credits when nothing sets them: ample, so only a key's limit stops it by default. */
export const DEFAULT_TOTAL_CREDITS = 1_000_000;

/** What `POST /__gatewaykit/credits` and `gateway.control.setCredits` may change. */
export interface CreditsUpdate {
  /** The account's purchased credits, USD (`GET /credits` `total_credits`). */
  totalCredits?: number;
  /** Spending limits by key (USD), replacing the keys file's `credits` until reset; null: no limit. */
  keyLimits?: Readonly<Record<string, number | null>>;
}

/**
 * The account behind the keys: what each paid answer cost (per key and in all), its generations by
 * id, the purchased credits, and the 402 rule that ties them (spec 7: insufficient credits or quota).
 */
export interface Account {
  /**
   * Record one paid answer: it can be looked up by its id (`GET /generation`) and its cost is
   * added to its key's usage and the account's. Every paid surface calls this once per answer,
   * and every call is charged in full (an id made again is a new answer).
   */
  recordGeneration(record: GenerationRecord): void;
  generation(id: string): GenerationRecord | undefined;
  /** The kept generations, oldest first (the session-cost dataset reads them). */
  generations(): GenerationRecord[];
  /** Keep the content of a text generation that failed (no record: it was not paid for); as many are kept as records. */
  recordFailure(failure: FailedGeneration): void;
  /** The stored content of a generation, kept with its record (or its failure): `GET /generation/content`. */
  generationContent(id: string): GenerationContent | undefined;
  /** How many records (and as many failures) are kept: the retention bound of generations and their content. */
  generationsKept(): number;
  keyUsage(apiKey: ApiKey): KeyUsage;
  /** What a workspace's keys spent (its budgets are measured against it). */
  workspaceUsage(workspaceId: string): KeyUsage;
  /** The key's spending limit, USD, or null for none. */
  keyLimit(apiKey: ApiKey): number | null;
  /** The usage the limit is measured against: that of the key's `limitReset` period, else all of it. */
  usageAgainstLimit(apiKey: ApiKey): number;
  totalCredits(): number;
  totalUsage(): number;
  setCredits(update: CreditsUpdate): void;
  /** The 402 a paid operation answers for this key now (usage and open holds), or undefined when it may go ahead. */
  paymentRefusal(apiKey: ApiKey): GatewayError | undefined;
  /**
   * Hold `worstCost` (the most the answer can cost) against the key's limit and the account's
   * credits, or throw the 402 when it does not fit beside the usage and the other open holds.
   * `explain` words the 402 from what is left (USD). The one billing path: settle the hold with
   * the answer's record once delivered, or release it (reservation.ts).
   */
  reserve(apiKey: ApiKey, worstCost: number, explain?: (left: number) => string): Reservation;
  /** Forget usage, generations and overrides; credits return to `totalCredits` (or the given amount). */
  reset(totalCredits?: number): void;
}

export interface AccountOptions {
  now: () => number;
  totalCredits?: number;
  maxGenerations?: number;
  /** The keys' workspaces and their budgets (reference upsertWorkspaceBudget), held with the key's limit. */
  workspaces?: WorkspaceBudgetSource;
  /** Told of every recorded answer after it is counted (the activity aggregate, reference getUserActivity). */
  onRecorded?: (record: GenerationRecord) => void;
  /** The keys' usage (by secret) and the workspaces' spending (by id) from and to a state file. */
  persisted?: { keys?: LedgerPersistence; workspaces?: LedgerPersistence };
}

/** What a BYOK answer cost upstream (charged to the key apart from credits). */
function byokCost(r: GenerationRecord): number {
  return r.isByok ? (r.upstreamCost ?? 0) : 0;
}

const PERIOD_WORDS = { daily: 'today', weekly: 'this week', monthly: 'this month' } as const;

/** Dollars as a message shows them: enough digits to see a sub-cent charge. */
function dollars(n: number): string {
  return `$${Number(n.toPrecision(6))}`;
}

/**
 * @example
 * const account = createAccount({ now: () => clock.now(), totalCredits: 10 });
 * account.recordGeneration({ id, apiKey: 'sk-gw-test', cost: 0.002, ... });
 * account.totalUsage(); // 0.002
 */
export function createAccount(options: AccountOptions): Account {
  const initialCredits = options.totalCredits ?? DEFAULT_TOTAL_CREDITS;
  let totalCredits = initialCredits;
  const ledger = createUsageLedger(options.now, options.persisted?.keys);
  const generations: GenerationStore = createGenerationStore(options.maxGenerations);
  const failures = createGenerationStore<FailedGeneration>(options.maxGenerations);
  const limits = new Map<string, number | null>();
  const keyLimit = (apiKey: ApiKey) =>
    limits.has(apiKey.key) ? (limits.get(apiKey.key) as number | null) : Number.isFinite(apiKey.credits) ? apiKey.credits : null;
  // reference createKeys `include_byok_in_limit`: BYOK usage counts against the limit too.
  const usageAgainstLimit = (apiKey: ApiKey) => ledger.spent(apiKey.key, apiKey.limitReset ?? 'total', apiKey.includeByokInLimit === true);
  const holds = createCreditHolds();
  const workspaces = createWorkspaceSpend(options.now, options.workspaces, options.persisted?.workspaces);
  // One record per answer, charged once. Ids are not assumed new: a gateway whose sequence
  // restarts (X-Gatewaykit-Sequence) makes an id again; the later answer is charged in full and
  // is the one `GET /generation` shows.
  const recordGeneration = (record: GenerationRecord) => {
    generations.add(record);
    ledger.charge(record.apiKey, record.cost, byokCost(record));
    options.onRecorded?.(record);
  };
  /** USD the key may still commit: its limit less usage and open holds (Infinity without a limit). */
  const keyLeft = (apiKey: ApiKey) => {
    const limit = keyLimit(apiKey);
    return limit === null ? Infinity : limit - usageAgainstLimit(apiKey) - holds.heldBy(apiKey.key);
  };
  function paymentRefusal(apiKey: ApiKey): GatewayError | undefined {
    const limit = keyLimit(apiKey);
    if (limit !== null) {
      if (limit <= 0) return new GatewayError(402, 'Insufficient credits: this key has no credits left. Add credits to continue.');
      const used = usageAgainstLimit(apiKey);
      if (used + holds.heldBy(apiKey.key) >= limit) {
        const period = apiKey.limitReset ? ` ${PERIOD_WORDS[apiKey.limitReset]}` : '';
        const held = holds.heldBy(apiKey.key) > 0 ? ` with ${dollars(holds.heldBy(apiKey.key))} held for answers in progress` : '';
        return new GatewayError(
          402,
          `Insufficient credits: this key has used ${dollars(used)}${period} of its ${dollars(limit)} limit${held}. Raise the key's limit to continue.`,
        );
      }
    }
    const budgetRefusal = workspaces.refusal(apiKey);
    if (budgetRefusal) return budgetRefusal;
    const usage = ledger.totalUsage();
    if (usage + holds.held() >= totalCredits) {
      return new GatewayError(
        402,
        `Insufficient credits: the account has used ${dollars(usage)} of its ${dollars(totalCredits)} credits. Add credits to continue.`,
      );
    }
    return undefined;
  }
  const accountLeft = () => totalCredits - ledger.totalUsage() - holds.held();
  return {
    recordGeneration,
    reserve(apiKey, worstCost, explain) {
      const refusal = paymentRefusal(apiKey);
      if (refusal) throw refusal;
      const left = Math.min(keyLeft(apiKey), accountLeft());
      workspaces.mustFit(apiKey, worstCost, left);
      // A cent's trillionth of slack: prices are summed decimals.
      if (worstCost > left + 1e-12) {
        throw new GatewayError(
          402,
          explain
            ? explain(left)
            : `Insufficient credits: this request may cost up to ${dollars(worstCost)}, and ${dollars(left)} is left to spend. Add credits or raise the key's limit to continue.`,
        );
      }
      // The workspace's budget is held beside the key's limit, and closed with it.
      return workspaces.reserve(apiKey, worstCost, holds.hold(apiKey.key, worstCost, recordGeneration), byokCost);
    },
    generation: (id) => generations.get(id),
    generations: () => generations.list(),
    recordFailure: (failure) => failures.add(failure),
    generationContent: (id) => generations.get(id)?.content ?? failures.get(id)?.content,
    generationsKept: () => Math.max(0, Math.floor(options.maxGenerations ?? DEFAULT_GENERATIONS_KEPT)),
    keyUsage: (apiKey) => ledger.keyUsage(apiKey.key),
    workspaceUsage: (workspaceId) => workspaces.usage(workspaceId),
    keyLimit,
    usageAgainstLimit,
    totalCredits: () => totalCredits,
    totalUsage: () => ledger.totalUsage(),
    setCredits(update) {
      if (update.totalCredits !== undefined) totalCredits = update.totalCredits;
      for (const [key, limit] of Object.entries(update.keyLimits ?? {})) limits.set(key, limit);
    },
    paymentRefusal,
    reset(credits) {
      ledger.clear();
      generations.clear();
      failures.clear();
      holds.clear();
      workspaces.clear();
      limits.clear();
      totalCredits = credits ?? initialCredits;
    },
  };
}
