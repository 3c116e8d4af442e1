import { Collection } from '@msw/data';
import type { ApiKey } from '../auth/api-key.ts';
import { createKeyRing, type KeyRing } from '../auth/key-ring.ts';
import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { fileKeyRecord, keyRingEntry } from './key-entry.ts';
import type { ManagementChange, ManagementPersistence, ManagementSnapshot } from './management-change.ts';
import { ManagedKeyRecordSchema, type ManagedKeyRecord } from './managed-key-record.ts';
import { OAuthCodeRecordSchema, type OAuthCodeRecord } from './oauth-code-record.ts';
import { sha256Hex } from './secret-material.ts';

/** How much the management plane keeps (hostile input: every collection is bounded). */
export interface ManagementBounds {
  /** Keys at most, keys-file keys included (default 10,000): past it, POST /keys is a 400. */
  maxKeys: number;
  /** Authorization codes waiting for their exchange (default 1,000): expired codes make room first, then 409. */
  maxCodes: number;
}

export const DEFAULT_MANAGEMENT_BOUNDS: ManagementBounds = { maxKeys: 10_000, maxCodes: 1_000 };

export interface ManagementStoreOptions {
  /** The keys of the keys file (or the demo keys): listed, and back after a control reset. */
  fileKeys: readonly ApiKey[];
  clock: Clock;
  restore?: ManagementSnapshot;
  persistence?: ManagementPersistence;
  bounds?: Partial<ManagementBounds>;
}

/**
 * The management plane's state of one gateway: typed @msw/data collections (queried, filtered and
 * paged by the management operations), a Map by hash beside each for point lookups, and the key
 * ring the request path authenticates with in O(1). Every change is made durable first (when a
 * state file is given) and applied after, so an answered change is never lost.
 */
export interface ManagementStore {
  /** Resolves once the keys-file keys (their hashes are SHA-256, computed asynchronously) and restored records are in the collections (again after a reset). */
  ready(): Promise<void>;
  readonly ring: KeyRing;
  readonly keys: Collection<typeof ManagedKeyRecordSchema>;
  readonly codes: Collection<typeof OAuthCodeRecordSchema>;
  readonly bounds: ManagementBounds;
  key(hash: string): ManagedKeyRecord | undefined;
  /** The keys-file key with this secret, if it is one. */
  fileKey(secret: string): ApiKey | undefined;
  code(id: string): OAuthCodeRecord | undefined;
  /** The next creation number (secrets and ids derive from it). */
  nextSeq(): number;
  /** Save and apply a new or changed key (its ring entry follows). */
  putKey(record: ManagedKeyRecord): Promise<void>;
  deleteKey(record: ManagedKeyRecord): Promise<void>;
  putCode(record: OAuthCodeRecord): Promise<void>;
  /** Forget a code now (single use: before any await of the exchange), then make that durable. */
  takeCode(id: string): { record: OAuthCodeRecord; saved: Promise<void> } | undefined;
  /** Counts for the bounds. */
  counts(): { keys: number; codes: number };
  snapshot(): ManagementSnapshot;
  /** Control reset: keys created through the API and codes forgotten, keys-file keys back as they were. */
  reset(): void;
}

/**
 * @example
 * const store = createManagementStore({ fileKeys: DEFAULT_API_KEYS, clock });
 * await store.ready();
 * store.ring.find('sk-gw-test')?.apiKey.kind; // 'standard'
 */
export function createManagementStore(options: ManagementStoreOptions): ManagementStore {
  const bounds: ManagementBounds = { ...DEFAULT_MANAGEMENT_BOUNDS, ...options.bounds };
  const keys = new Collection({ schema: ManagedKeyRecordSchema });
  const codes = new Collection({ schema: OAuthCodeRecordSchema });
  const ring = createKeyRing();
  const byHash = new Map<string, ManagedKeyRecord>();
  const byCode = new Map<string, OAuthCodeRecord>();
  const fileKeys = new Map(options.fileKeys.map((k) => [k.key, k]));
  const removedFileKeys = new Set<string>();
  const startedAt = options.clock.now();
  let seq = Math.max(options.fileKeys.length, options.restore?.seq ?? 0);
  // A change that started before a control reset is dropped when it lands after it.
  let epoch = 0;

  const save = (change: ManagementChange) => options.persistence?.saveManagement(change) ?? Promise.resolve();
  const saveOrRefuse = async (change: ManagementChange) => {
    try {
      await save(change);
    } catch (error) {
      throw new GatewayError(503, `The change could not be saved to the state file (${(error as Error).message}); nothing was changed`);
    }
  };

  function seedFileKeys(restored: ReadonlyMap<string, ManagedKeyRecord>): Promise<void>[] {
    return options.fileKeys.map(async (apiKey, i) => {
      if (removedFileKeys.has(apiKey.key)) return;
      const kept = restored.get(apiKey.key);
      if (!kept) ring.set({ apiKey });
      const record = kept ?? fileKeyRecord(apiKey, await sha256Hex(apiKey.key), i, startedAt);
      byHash.set(record.hash, record);
      await keys.create(record);
    });
  }

  function load(restore: ManagementSnapshot | undefined): Promise<void> {
    const current = epoch;
    for (const secret of restore?.removedFileKeys ?? []) if (fileKeys.has(secret)) removedFileKeys.add(secret);
    // A restored keys-file key that is no longer in the keys file is gone with it.
    const restored = (restore?.keys ?? []).filter((r) => r.source !== 'file' || (fileKeys.has(r.secret) && !removedFileKeys.has(r.secret)));
    for (const record of restored) ring.set(keyRingEntry(record, fileKeys.get(record.secret)));
    const restoredFile = new Map(restored.filter((r) => r.source === 'file').map((r) => [r.secret, r]));
    for (const code of restore?.codes ?? []) byCode.set(code.id, code);
    return (async () => {
      await Promise.all(seedFileKeys(restoredFile));
      if (current !== epoch) return;
      for (const record of restored.filter((r) => r.source !== 'file')) {
        byHash.set(record.hash, record);
        await keys.create(record);
      }
      for (const code of restore?.codes ?? []) await codes.create(code);
    })();
  }

  let loading = load(options.restore);

  async function putKey(record: ManagedKeyRecord): Promise<void> {
    const current = epoch;
    await saveOrRefuse({ kind: 'put', collection: 'keys', id: record.hash, record, seq });
    if (current !== epoch) return;
    const earlier = byHash.get(record.hash);
    byHash.set(record.hash, record);
    ring.set(keyRingEntry(record, fileKeys.get(record.secret)));
    if (earlier) await keys.update((q) => q.where({ hash: record.hash }), { data: (draft) => void Object.assign(draft, record) });
    else await keys.create(record);
  }

  async function deleteKey(record: ManagedKeyRecord): Promise<void> {
    const current = epoch;
    const fromFile = record.source === 'file';
    if (fromFile) await saveOrRefuse({ kind: 'put', collection: 'removed-file-keys', id: record.hash, record: { secret: record.secret }, seq });
    await saveOrRefuse({ kind: 'delete', collection: 'keys', id: record.hash, seq });
    if (current !== epoch) return;
    if (fromFile) removedFileKeys.add(record.secret);
    byHash.delete(record.hash);
    ring.delete(record.secret);
    keys.delete((q) => q.where({ hash: record.hash }));
  }

  async function putCode(record: OAuthCodeRecord): Promise<void> {
    const current = epoch;
    await saveOrRefuse({ kind: 'put', collection: 'codes', id: record.id, record, seq });
    if (current !== epoch) return;
    byCode.set(record.id, record);
    await codes.create(record);
  }

  function takeCode(id: string) {
    const record = byCode.get(id);
    if (!record) return undefined;
    byCode.delete(id);
    codes.delete((q) => q.where({ id }));
    // A failed save leaves the code usable again after a restart: it is reported, not refused.
    return { record, saved: save({ kind: 'delete', collection: 'codes', id, seq }) };
  }

  return {
    ready: () => loading,
    ring,
    keys,
    codes,
    bounds,
    key: (hash) => byHash.get(hash),
    fileKey: (secret) => fileKeys.get(secret),
    code: (id) => byCode.get(id),
    nextSeq: () => seq++,
    putKey,
    deleteKey,
    putCode,
    takeCode,
    counts: () => ({ keys: byHash.size, codes: byCode.size }),
    snapshot: () => ({
      seq,
      keys: [...byHash.values()].filter((r) => r.source !== 'file' || r.updated_at !== null).sort((a, b) => a.seq - b.seq),
      codes: [...byCode.values()],
      removedFileKeys: [...removedFileKeys],
    }),
    reset() {
      epoch++;
      byHash.clear();
      byCode.clear();
      removedFileKeys.clear();
      ring.clear();
      keys.clear();
      codes.clear();
      seq = options.fileKeys.length;
      void save({ kind: 'reset', seq }).catch(() => undefined);
      loading = load(undefined);
    },
  };
}
