import { createActivityLedger, type ActivityLedger } from '../account/activity-ledger.ts';
import type { Clock } from '../clock/clock.ts';
import { keyAttribution } from '../management/key-attribution.ts';
import type { ManagementPersistence, ManagementSnapshot } from '../management/management-change.ts';
import type { ManagementStore } from '../management/management-store.ts';

/**
 * The activity aggregate of one scope (reference getUserActivity, queryAnalytics): attributed to
 * keys through the management plane, restored from and saved to the state file as management
 * records (collection `activity`), so it survives a restart; the control reset's management line
 * forgets them in the file too. A cell's save is not awaited: the answer that moved it is already
 * delivered, and a crash loses at most the cells not yet written.
 */
export function gatewayActivity(
  clock: Clock,
  management: ManagementStore,
  saved: { restore?: ManagementSnapshot; persistence?: ManagementPersistence } | undefined,
): ActivityLedger {
  const persistence = saved?.persistence;
  return createActivityLedger({
    now: () => clock.now(),
    attribute: keyAttribution(management),
    restore: saved?.restore?.activity,
    ...(persistence
      ? {
          persistence: {
            put: (id, record) => void persistence.saveManagement({ kind: 'put', collection: 'activity', id, record, seq: 0 }).catch(() => undefined),
            delete: (id) => void persistence.saveManagement({ kind: 'delete', collection: 'activity', id, seq: 0 }).catch(() => undefined),
          },
        }
      : {}),
  });
}
