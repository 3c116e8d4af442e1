import type { ActivityAttribution } from '../schemas/activity-row.ts';
import { ACCOUNT_USER_ID, DEFAULT_WORKSPACE_ID } from './key-entry.ts';
import type { ManagementStore } from './management-store.ts';
import { sha256Hex } from './secret-material.ts';

/** Hashes of keys-file keys remembered at most (they are few; a bound all the same). */
const MAX_REMEMBERED = 10_000;

/**
 * Who a paid answer is attributed to in the activity (reference getUserActivity `api_key_hash`,
 * `workspace_id`, `user_id`): the key's record when the management plane has it; a keys-file key
 * not hashed yet gets its SHA-256 worked out (once) without loading the management collections.
 *
 * @example
 * const attribute = keyAttribution(env.management);
 * await attribute('sk-gw-test'); // { keyHash: '...64 hex', workspaceId, userId }
 */
export function keyAttribution(management: ManagementStore): (secret: string) => ActivityAttribution | Promise<ActivityAttribution> {
  const hashes = new Map<string, string>();
  // The pending digest is remembered too: an in-process caller that never yields to the event
  // loop would otherwise start one digest per answer.
  const pending = new Map<string, Promise<string>>();
  const hashOf = (secret: string): Promise<string> => {
    let hash = pending.get(secret);
    if (!hash) {
      hash = sha256Hex(secret).then((keyHash) => {
        if (hashes.size >= MAX_REMEMBERED) hashes.clear();
        hashes.set(secret, keyHash);
        pending.delete(secret);
        return keyHash;
      });
      pending.set(secret, hash);
    }
    return hash;
  };
  return (secret) => {
    const record = management.keyBySecret(secret);
    if (record) return { keyHash: record.hash, workspaceId: record.workspace_id, userId: record.creator_user_id };
    const workspaceId = management.ring.find(secret)?.apiKey.workspaceId ?? DEFAULT_WORKSPACE_ID;
    const known = hashes.get(secret);
    if (known) return { keyHash: known, workspaceId, userId: ACCOUNT_USER_ID };
    return hashOf(secret).then((keyHash) => ({ keyHash, workspaceId, userId: ACCOUNT_USER_ID }));
  };
}
