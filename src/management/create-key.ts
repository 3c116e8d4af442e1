import { GatewayError } from '../errors/gateway-error.ts';
import { ACCOUNT_USER_ID, DEFAULT_WORKSPACE_ID, isoSeconds } from './key-entry.ts';
import type { ManagedKeyRecord } from './managed-key-record.ts';
import type { ManagementStore } from './management-store.ts';
import { keySecret, sha256Hex } from './secret-material.ts';

/** What a new key is made from: a POST /keys body, or an exchanged authorization code. */
export interface NewKey {
  name: string;
  source: 'api' | 'oauth';
  limit?: number | null;
  limit_reset?: ManagedKeyRecord['limit_reset'];
  include_byok_in_limit?: boolean;
  expires_at?: string | null;
  creator_user_id?: string | null;
  workspace_id?: string;
}

/** The workspace a key goes to: the default one unless a known workspace is named. */
export function knownWorkspace(store: ManagementStore, id: string | undefined): string {
  if (id === undefined) return DEFAULT_WORKSPACE_ID;
  const workspace = store.workspaces.get(id);
  if (workspace?.id === id) return id;
  throw new GatewayError(400, `workspace_id: no workspace ${JSON.stringify(id)} (the default workspace is ${DEFAULT_WORKSPACE_ID})`);
}

/** An expiry in the past would make a key that never works: a 400 instead. */
function futureExpiry(expiresAt: string | null | undefined, now: number): string | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  if (Date.parse(expiresAt) <= now) throw new GatewayError(400, `expires_at: ${expiresAt} is not in the future (the gateway clock reads ${isoSeconds(now)})`);
  return isoSeconds(Date.parse(expiresAt));
}

/**
 * Create a key: its secret (from the seed and the creation counter), its SHA-256 hash, its record.
 * Saved (state file) and in the key ring before this resolves: it authenticates at once.
 */
export async function createKey(store: ManagementStore, seed: number, now: number, input: NewKey): Promise<{ record: ManagedKeyRecord; secret: string }> {
  await store.ready();
  if (store.counts().keys >= store.bounds.maxKeys) {
    throw new GatewayError(400, `This gateway keeps at most ${store.bounds.maxKeys} keys: delete one (DELETE /keys/{hash}) before creating another`);
  }
  const workspace = knownWorkspace(store, input.workspace_id);
  const expires = futureExpiry(input.expires_at, now);
  const seq = store.nextSeq();
  const secret = keySecret(seed, seq);
  const record: ManagedKeyRecord = {
    hash: await sha256Hex(secret),
    secret,
    name: input.name,
    label: input.name,
    kind: 'standard',
    source: input.source,
    disabled: false,
    limit: input.limit ?? null,
    limit_reset: input.limit_reset ?? null,
    include_byok_in_limit: input.include_byok_in_limit ?? false,
    created_at: isoSeconds(now),
    updated_at: null,
    expires_at: expires,
    creator_user_id: input.creator_user_id ?? ACCOUNT_USER_ID,
    workspace_id: workspace,
    seq,
  };
  await store.putKey(record);
  return { record, secret };
}
