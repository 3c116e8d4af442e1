import type { Collection } from '@msw/data';
import { GatewayError } from '../errors/gateway-error.ts';
import { createDeliveryLedger, type DeliveryLedger } from './destination-deliveries.ts';
import { DestinationRecordSchema, type DestinationRecord } from './destination-record.ts';
import type { WorkspaceChange } from './workspace-store.ts';

/** How many destinations a gateway keeps (hostile input: bounded). */
export interface DestinationBounds {
  /** Destinations at most, all workspaces together (default 1,000): past it, a creation is a 400. */
  maxDestinations: number;
  /** reference createObservabilityDestination: "A maximum of 5 destinations per type is allowed" (per workspace). */
  maxPerType: number;
}
export const DEFAULT_DESTINATION_BOUNDS: DestinationBounds = { maxDestinations: 1_000, maxPerType: 5 };

export interface DestinationStoreOptions {
  restore?: readonly DestinationRecord[];
  /** Makes a change durable (the state file) before it is applied; rejects with the 503. */
  save(change: WorkspaceChange): Promise<void>;
  bounds?: Partial<DestinationBounds>;
}

/**
 * The observability destinations of one gateway (reference Observability): records by id (the
 * truth), the enabled ones per workspace (the request path's O(1) lookup when a generation is
 * broadcast), an @msw/data collection beside them for the paged listing (built on the first
 * listing), and the ledger of their deliveries. Every change is durable before it is applied.
 */
export interface DestinationStore {
  ready(): Promise<Collection<typeof DestinationRecordSchema>>;
  readonly bounds: DestinationBounds;
  get(id: string): DestinationRecord | undefined;
  count(): number;
  /** Save and apply a new destination, within the bounds (checked with the creations under way). */
  create(record: DestinationRecord): Promise<void>;
  put(record: DestinationRecord): Promise<void>;
  delete(record: DestinationRecord): Promise<void>;
  /** The enabled destinations of a workspace, oldest first. */
  enabledIn(workspaceId: string): readonly DestinationRecord[];
  records(): DestinationRecord[];
  readonly deliveries: DeliveryLedger;
  reset(): void;
}

const bySeq = (a: DestinationRecord, b: DestinationRecord) => a.seq - b.seq;
const slot = (r: Pick<DestinationRecord, 'workspace_id' | 'type'>) => `${r.workspace_id}\u0000${r.type}`;

/** The 400 of a creation past the bounds, or nothing (`held`: this type's destinations and creations under way). */
function checkRoom(bounds: DestinationBounds, total: number, held: number, record: DestinationRecord): void {
  if (total >= bounds.maxDestinations) {
    throw new GatewayError(400, `This gateway keeps at most ${bounds.maxDestinations} observability destinations: delete one first`);
  }
  if (held >= bounds.maxPerType) {
    throw new GatewayError(
      400,
      `type: a workspace has at most ${bounds.maxPerType} destinations of type ${record.type} (reference createObservabilityDestination): delete one first`,
    );
  }
}

/**
 * @example
 * const store = createDestinationStore({ save: async () => {} });
 * store.enabledIn('00000000-0000-4000-8000-000000000000'); // []
 */
export function createDestinationStore(options: DestinationStoreOptions): DestinationStore {
  const bounds: DestinationBounds = { ...DEFAULT_DESTINATION_BOUNDS, ...options.bounds };
  const byId = new Map<string, DestinationRecord>();
  const enabled = new Map<string, DestinationRecord[]>();
  const pending = new Map<string, number>();
  const deliveries = createDeliveryLedger();
  const st = { epoch: 0, version: 0, creating: 0 };
  let collection: Collection<typeof DestinationRecordSchema> | undefined;
  let loading: Promise<Collection<typeof DestinationRecordSchema>> | undefined;
  const reindex = (workspaceId: string) => {
    const list = [...byId.values()].filter((d) => d.workspace_id === workspaceId && d.enabled).sort(bySeq);
    if (list.length > 0) enabled.set(workspaceId, list);
    else enabled.delete(workspaceId);
  };
  const held = (record: DestinationRecord) => (pending.get(slot(record)) ?? 0) + [...byId.values()].filter((d) => slot(d) === slot(record)).length;
  async function build() {
    const { Collection } = await import('@msw/data');
    for (;;) {
      const seen = st.version;
      const built = new Collection({ schema: DestinationRecordSchema });
      for (const record of [...byId.values()].sort(bySeq)) await built.create(record);
      if (seen === st.version) return (collection = built);
    }
  }
  async function apply(record: DestinationRecord): Promise<void> {
    const earlier = byId.get(record.id);
    byId.set(record.id, record);
    st.version++;
    reindex(record.workspace_id);
    if (earlier) await collection?.update((q) => q.where({ id: record.id }), { data: (draft) => void Object.assign(draft, record) });
    else await collection?.create(record);
  }
  for (const record of options.restore ?? []) byId.set(record.id, record);
  for (const workspaceId of new Set([...byId.values()].map((d) => d.workspace_id))) reindex(workspaceId);
  return {
    ready: () => (loading ??= build()),
    bounds,
    get: (id) => byId.get(id),
    count: () => byId.size,
    async create(record) {
      checkRoom(bounds, byId.size + st.creating, held(record), record);
      const current = st.epoch;
      const key = slot(record);
      pending.set(key, (pending.get(key) ?? 0) + 1);
      st.creating++;
      try {
        await options.save({ kind: 'put', collection: 'observability-destinations', id: record.id, record });
      } finally {
        if (current === st.epoch) {
          const left = (pending.get(key) ?? 1) - 1;
          if (left > 0) pending.set(key, left);
          else pending.delete(key);
          st.creating--;
        }
      }
      if (current === st.epoch) await apply(record);
    },
    async put(record) {
      const current = st.epoch;
      await options.save({ kind: 'put', collection: 'observability-destinations', id: record.id, record });
      if (current === st.epoch) await apply(record);
    },
    async delete(record) {
      const current = st.epoch;
      await options.save({ kind: 'delete', collection: 'observability-destinations', id: record.id });
      if (current !== st.epoch) return;
      byId.delete(record.id);
      st.version++;
      reindex(record.workspace_id);
      deliveries.forget(record.id);
      collection?.delete((q) => q.where({ id: record.id }));
    },
    enabledIn: (workspaceId) => enabled.get(workspaceId) ?? [],
    records: () => [...byId.values()].sort(bySeq),
    deliveries,
    reset() {
      st.epoch++;
      st.version++;
      st.creating = 0;
      byId.clear();
      enabled.clear();
      pending.clear();
      deliveries.reset();
      collection = undefined;
      loading = undefined;
    },
  };
}
