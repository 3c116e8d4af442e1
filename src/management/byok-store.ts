import type { Collection } from '@msw/data';
import type { ApiKey } from '../auth/api-key.ts';
import { ByokRecordSchema, type ByokRecord } from './byok-record.ts';
import type { WorkspaceChange } from './workspace-store.ts';

/** Credentials at most (hostile input: a bounded collection); past it, POST /byok is a 400. */
export const DEFAULT_MAX_BYOK_CREDENTIALS = 1_000;

export interface ByokStoreOptions {
  restore?: readonly ByokRecord[];
  save(change: WorkspaceChange): Promise<void>;
  maxCredentials?: number;
}

/** What the request path needs to know of a key to match a credential (its hash looked up by its secret). */
export interface ByokCaller {
  apiKey: ApiKey;
  workspaceId: string;
  /** The key's hash, when the management plane knows it (asked only when a credential restricts keys). */
  hash(): string | undefined;
}

/**
 * The BYOK credentials of one gateway (reference BYOK): records by id (the truth), the enabled
 * ones per provider in the order they are tried (non-fallback first, then `sort_order`) for the
 * request path, and an @msw/data collection for the paged, filtered listing.
 */
export interface ByokStore {
  ready(): Promise<Collection<typeof ByokRecordSchema>>;
  readonly maxCredentials: number;
  get(id: string): ByokRecord | undefined;
  count(): number;
  put(record: ByokRecord): Promise<void>;
  delete(record: ByokRecord): Promise<void>;
  /** The credential a request to `provider` for `model` uses, or undefined (reference BYOKKey allowlists). */
  match(caller: ByokCaller, provider: string, model: string): ByokRecord | undefined;
  records(): ByokRecord[];
  reset(): void;
}

const tryOrder = (a: ByokRecord, b: ByokRecord) => Number(a.is_fallback) - Number(b.is_fallback) || a.sort_order - b.sort_order || a.seq - b.seq;

/** Whether a credential serves this caller and model: enabled, its workspace (or global), its allowlists. */
function serves(c: ByokRecord, caller: ByokCaller, model: string): boolean {
  if (c.disabled) return false;
  if (c.workspace_id !== null && c.workspace_id !== caller.workspaceId) return false;
  if (c.allowed_models && !c.allowed_models.includes(model)) return false;
  if (c.allowed_api_key_hashes) {
    const hash = caller.hash();
    if (hash === undefined || !c.allowed_api_key_hashes.includes(hash)) return false;
  }
  return true;
}

/**
 * @example
 * const store = createByokStore({ save: async () => {} });
 * store.match({ apiKey, workspaceId, hash: () => undefined }, 'openai', 'openai/gpt-4o');
 */
export function createByokStore(options: ByokStoreOptions): ByokStore {
  const byId = new Map<string, ByokRecord>();
  const byProvider = new Map<string, ByokRecord[]>();
  let epoch = 0;
  let version = 0;
  let collection: Collection<typeof ByokRecordSchema> | undefined;
  let loading: Promise<Collection<typeof ByokRecordSchema>> | undefined;
  const reindex = (provider: string) => {
    const list = [...byId.values()].filter((c) => c.provider === provider).sort(tryOrder);
    if (list.length > 0) byProvider.set(provider, list);
    else byProvider.delete(provider);
  };
  const restore = (records: readonly ByokRecord[] | undefined) => {
    byId.clear();
    byProvider.clear();
    for (const record of records ?? []) byId.set(record.id, record);
    for (const provider of new Set([...byId.values()].map((c) => c.provider))) reindex(provider);
  };
  async function build() {
    const { Collection } = await import('@msw/data');
    for (;;) {
      const seen = version;
      const built = new Collection({ schema: ByokRecordSchema });
      for (const record of [...byId.values()].sort((a, b) => a.seq - b.seq)) await built.create(record);
      if (seen === version) return (collection = built);
    }
  }
  restore(options.restore);
  return {
    ready: () => (loading ??= build()),
    maxCredentials: options.maxCredentials ?? DEFAULT_MAX_BYOK_CREDENTIALS,
    get: (id) => byId.get(id),
    count: () => byId.size,
    async put(record) {
      const current = epoch;
      await options.save({ kind: 'put', collection: 'byok', id: record.id, record });
      if (current !== epoch) return;
      const earlier = byId.get(record.id);
      byId.set(record.id, record);
      version++;
      reindex(record.provider);
      if (earlier) await collection?.update((q) => q.where({ id: record.id }), { data: (draft) => void Object.assign(draft, record) });
      else await collection?.create(record);
    },
    async delete(record) {
      const current = epoch;
      await options.save({ kind: 'delete', collection: 'byok', id: record.id });
      if (current !== epoch) return;
      byId.delete(record.id);
      version++;
      reindex(record.provider);
      collection?.delete((q) => q.where({ id: record.id }));
    },
    match(caller, provider, model) {
      const list = byProvider.get(provider);
      return list?.find((c) => serves(c, caller, model));
    },
    records: () => [...byId.values()].sort((a, b) => a.seq - b.seq),
    reset() {
      epoch++;
      version++;
      collection = undefined;
      loading = undefined;
      restore(undefined);
    },
  };
}
