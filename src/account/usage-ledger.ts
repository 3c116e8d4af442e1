import type { LedgerPersistence } from '../schemas/ledger-record.ts';
import { usagePeriods, type UsagePeriods } from './usage-periods.ts';

const DAY_MS = 86_400_000;

/** A key's spending, in USD, overall and in the current UTC day, week and month. */
export interface UsageTotals {
  readonly total: number;
  readonly daily: number;
  readonly weekly: number;
  readonly monthly: number;
}

/** Usage and BYOK usage of one key (reference `/key`: `usage*` and `byok_usage*`). */
export interface KeyUsage {
  readonly usage: UsageTotals;
  readonly byok: UsageTotals;
}

/** Where one key's spending stands: running sums per period, each tagged with the period it counts. */
interface Tally {
  total: number;
  day: number;
  week: number;
  month: number;
  /** The periods the day, week and month sums belong to. */
  periods: UsagePeriods;
}

/**
 * What every paid answer has cost, per key and for the account, on the gateway clock. Lookups and
 * charges are O(1): one Map entry per key, whose period sums restart when the clock enters a new
 * UTC day, week or month.
 */
export interface UsageLedger {
  /** Add `cost` (the gateway's charge) and `byokCost` (what a BYOK provider billed directly) to `key`. */
  charge(key: string, cost: number, byokCost: number): void;
  keyUsage(key: string): KeyUsage;
  /** One sum of `keyUsage(key)` (`usage`, and `byok` added when `withByok`) without the rest made: what a key's limit is checked against on every paid answer. */
  spent(key: string, period: UsagePeriod, withByok: boolean): number;
  /** Everything charged to the account since start or reset. */
  totalUsage(): number;
  clear(): void;
}

const ZERO: UsageTotals = { total: 0, daily: 0, weekly: 0, monthly: 0 };

/** Round away binary noise of summed decimal prices (12 places, as usage costs are). */
function usd(n: number): number {
  return Math.round(n * 1e12) / 1e12;
}

function newTally(periods: UsagePeriods): Tally {
  return { total: 0, day: 0, week: 0, month: 0, periods };
}

/** A period a sum covers: the current UTC day, week or month, or all time. */
export type UsagePeriod = 'daily' | 'weekly' | 'monthly' | 'total';

/** One sum of the tally as of `periods`: the sum of a period that has ended reads as zero. */
function sumAt(t: Tally | undefined, periods: UsagePeriods, period: UsagePeriod): number {
  if (!t) return 0;
  if (period === 'daily') return t.periods.day === periods.day ? usd(t.day) : 0;
  if (period === 'weekly') return t.periods.week === periods.week ? usd(t.week) : 0;
  if (period === 'monthly') return t.periods.month === periods.month ? usd(t.month) : 0;
  return usd(t.total);
}

/** The tally as of `periods`. */
function totalsAt(t: Tally | undefined, periods: UsagePeriods): UsageTotals {
  if (!t) return ZERO;
  return { total: sumAt(t, periods, 'total'), daily: sumAt(t, periods, 'daily'), weekly: sumAt(t, periods, 'weekly'), monthly: sumAt(t, periods, 'monthly') };
}

function add(t: Tally, amount: number, periods: UsagePeriods): void {
  if (t.periods.day !== periods.day) t.day = 0;
  if (t.periods.week !== periods.week) t.week = 0;
  if (t.periods.month !== periods.month) t.month = 0;
  t.periods = periods;
  t.total += amount;
  t.day += amount;
  t.week += amount;
  t.month += amount;
}

/**
 * A usage ledger over a clock reading (the gateway clock). With `persisted`, it starts from the
 * saved records (the account's usage is their sum) and hands each key's record over after a charge,
 * so a restart with a state file keeps every limit's and budget's spending.
 *
 * @example
 * const ledger = createUsageLedger(() => clock.now());
 * ledger.charge('sk-gw-test', 0.0003, 0);
 * ledger.keyUsage('sk-gw-test').usage.daily; // 0.0003
 */
export function createUsageLedger(now: () => number, persisted: LedgerPersistence = {}): UsageLedger {
  const usage = new Map<string, Tally>();
  const byok = new Map<string, Tally>();
  let account = 0;
  for (const record of persisted.restore ?? []) {
    if (record.usage) usage.set(record.id, { ...record.usage, periods: { ...record.usage.periods } });
    if (record.byok) byok.set(record.id, { ...record.byok, periods: { ...record.byok.periods } });
    account += record.usage?.total ?? 0;
  }
  const save = persisted.save;
  // Every answer is charged: the periods of the current UTC day are worked out once per day.
  let current: UsagePeriods | undefined;
  const periodsNow = (): UsagePeriods => {
    const t = now();
    if (!current || t < current.day || t >= current.day + DAY_MS) current = usagePeriods(t);
    return current;
  };
  const charge = (map: Map<string, Tally>, key: string, amount: number, periods: UsagePeriods) => {
    let t = map.get(key);
    if (!t) map.set(key, (t = newTally(periods)));
    add(t, amount, periods);
  };
  return {
    charge(key, cost, byokCost) {
      const periods = periodsNow();
      if (cost !== 0) {
        charge(usage, key, cost, periods);
        account += cost;
      }
      if (byokCost !== 0) charge(byok, key, byokCost, periods);
      if (save && (cost !== 0 || byokCost !== 0)) save({ id: key, usage: usage.get(key) ?? null, byok: byok.get(key) ?? null });
    },
    keyUsage(key) {
      const periods = periodsNow();
      return { usage: totalsAt(usage.get(key), periods), byok: totalsAt(byok.get(key), periods) };
    },
    spent(key, period, withByok) {
      const periods = periodsNow();
      return sumAt(usage.get(key), periods, period) + (withByok ? sumAt(byok.get(key), periods, period) : 0);
    },
    totalUsage: () => usd(account),
    clear() {
      usage.clear();
      byok.clear();
      account = 0;
    },
  };
}
