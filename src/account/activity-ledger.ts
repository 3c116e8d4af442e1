import type { ActivityAttribution, ActivityRow } from '../schemas/activity-row.ts';
import type { GenerationRecord } from './generation-record.ts';
import { activityRowId, addToRow, emptyRow, providerOf } from './activity-cell.ts';
import { utcDayCache } from './utc-day.ts';

const DAY_MS = 86_400_000;

/** Days kept: the 30 completed UTC days the reference's activity covers, and today. */
export const ACTIVITY_DAYS_KEPT = 31;
/** Cells kept at most (hostile use: many keys times many models); past it the oldest days go first. */
export const DEFAULT_MAX_ACTIVITY_ROWS = 100_000;

/** Where the cells are kept beyond the process (the state file): each change is handed over as made. */
export interface ActivityPersistence {
  put(id: string, row: ActivityRow): void;
  delete(id: string): void;
}

export interface ActivityLedgerOptions {
  now: () => number;
  /** The key's hash, workspace and user; a promise when the hash is still to be worked out. */
  attribute(apiKey: string): ActivityAttribution | Promise<ActivityAttribution>;
  restore?: readonly ActivityRow[];
  persistence?: ActivityPersistence;
  maxRows?: number;
}

/**
 * The daily activity aggregate (reference getUserActivity, queryAnalytics): one cell per UTC day
 * of the gateway clock, model, provider, key, workspace, summed as each paid answer is recorded,
 * so activity does not depend on how many generation records are kept. Days older than
 * {@link ACTIVITY_DAYS_KEPT} are dropped.
 */
export interface ActivityLedger {
  record(record: GenerationRecord): void;
  /** The cells of the kept days, once every answer recorded so far is counted. */
  rows(): Promise<ActivityRow[]>;
  clear(): void;
}

/**
 * @example
 * const ledger = createActivityLedger({ now: () => clock.now(), attribute: (key) => ({ keyHash, workspaceId, userId: null }) });
 * ledger.record(record);
 * (await ledger.rows())[0].requests; // 1
 */
export function createActivityLedger(options: ActivityLedgerOptions): ActivityLedger {
  const maxRows = Math.max(1, Math.floor(options.maxRows ?? DEFAULT_MAX_ACTIVITY_ROWS));
  const cells = new Map<string, ActivityRow>();
  const byDay = new Map<string, Set<string>>();
  // The id of each cell by its parts (day, model, provider, key hash, workspace): the cell of an
  // answer is found without making its id (a JSON text) again for every answer.
  const index = new Map<string, Map<string, Map<string, Map<string, Map<string, string>>>>>();
  const idOf = (day: string, model: string, provider: string, keyHash: string, workspaceId: string) =>
    index.get(day)?.get(model)?.get(provider)?.get(keyHash)?.get(workspaceId);
  let pending = new Set<Promise<void>>();
  // A count whose key was still being hashed when a control reset came is dropped.
  let epoch = 0;
  const forget = (day: string) => {
    for (const id of byDay.get(day) ?? []) {
      cells.delete(id);
      options.persistence?.delete(id);
    }
    byDay.delete(day);
    index.delete(day);
  };
  // Days are named once per day, and the kept days pruned when the oldest kept day changes.
  const dayOf = utcDayCache();
  const todayOf = utcDayCache();
  const oldestOf = utcDayCache();
  let prunedBefore = '';
  const oldestKept = () => oldestOf(options.now() - (ACTIVITY_DAYS_KEPT - 1) * DAY_MS);
  const prune = () => {
    const oldest = oldestKept();
    if (oldest === prunedBefore) return;
    for (const day of byDay.keys()) if (day < oldest) forget(day);
    prunedBefore = oldest;
  };
  const makeRoom = (today: string) => {
    if (cells.size < maxRows) return true;
    for (const day of [...byDay.keys()].sort()) if (cells.size >= maxRows && day < today) forget(day);
    return cells.size < maxRows;
  };
  const put = (row: ActivityRow, id: string) => {
    cells.set(id, row);
    let ids = byDay.get(row.day);
    if (!ids) byDay.set(row.day, (ids = new Set()));
    ids.add(id);
    const at = [row.day, row.model, row.provider, row.key_hash] as const;
    let level: Map<string, unknown> = index;
    for (const part of at) {
      let next = level.get(part) as Map<string, unknown> | undefined;
      if (!next) level.set(part, (next = new Map()));
      level = next;
    }
    level.set(row.workspace_id, id);
  };
  const apply = (record: GenerationRecord, who: ActivityAttribution) => {
    prune();
    const day = dayOf(record.createdAt);
    if (day < prunedBefore) return;
    const provider = providerOf(record);
    const id = idOf(day, record.model, provider, who.keyHash, who.workspaceId) ?? activityRowId(day, record.model, provider, who.keyHash, who.workspaceId);
    let row = cells.get(id);
    if (!row) {
      if (!makeRoom(todayOf(options.now()))) return;
      put((row = emptyRow(day, record, who)), id);
    }
    addToRow(row, record);
    options.persistence?.put(id, { ...row });
  };
  for (const row of options.restore ?? []) put({ ...row }, activityRowId(row.day, row.model, row.provider, row.key_hash, row.workspace_id));
  return {
    record(record) {
      const who = options.attribute(record.apiKey);
      if (!(who instanceof Promise)) return apply(record, who);
      const at = epoch;
      const done: Promise<void> = who.then(
        (w) => void (at === epoch && apply(record, w)),
        () => undefined,
      );
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async rows() {
      while (pending.size > 0) await Promise.all([...pending]);
      prune();
      return [...cells.values()];
    },
    clear() {
      epoch++;
      pending = new Set();
      cells.clear();
      byDay.clear();
      index.clear();
    },
  };
}
