import type { LedgerPersistence, LedgerRecord } from '../schemas/ledger-record.ts';
import type { ManagementPersistence, ManagementSnapshot } from '../management/management-change.ts';

/**
 * The usage ledgers' state-file side: the keys' spending (collection `key-usage`, by key secret,
 * as the state file already holds the keys) and the workspaces' (`workspace-usage`, by id). A
 * restart keeps what limits and budgets are held against; the control reset's management line
 * forgets them in the file too. A save is not awaited: the answer that moved it is already
 * delivered, and a crash loses at most the charges not yet written.
 */
export function gatewayUsage(saved: { restore?: ManagementSnapshot; persistence?: ManagementPersistence } | undefined): {
  keys: LedgerPersistence;
  workspaces: LedgerPersistence;
} {
  const persistence = saved?.persistence;
  const saver = (collection: 'key-usage' | 'workspace-usage') =>
    persistence
      ? { save: (record: LedgerRecord) => void persistence.saveManagement({ kind: 'put', collection, id: record.id, record, seq: 0 }).catch(() => undefined) }
      : {};
  return {
    keys: { restore: saved?.restore?.keyUsage ?? [], ...saver('key-usage') },
    workspaces: { restore: saved?.restore?.workspaceUsage ?? [], ...saver('workspace-usage') },
  };
}
