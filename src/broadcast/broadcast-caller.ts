import { DEFAULT_WORKSPACE_ID } from '../management/key-entry.ts';
import type { ManagementStore } from '../management/management-store.ts';
import { sha256Hex } from '../management/secret-material.ts';
import type { BroadcastCaller } from './destination-deliverer.ts';

/**
 * Who paid for a generation, from its key's secret: the key's workspace (the default one for a
 * key of none), its name, and its hash (known for keys the management plane listed, else
 * computed once asked: only a destination with `api_key_hashes` or identity attributes asks).
 *
 * @example
 * const caller = broadcastCaller(env.management)('sk-gw-test'); // { workspaceId, keyName, hash() }
 */
export function broadcastCaller(management: ManagementStore): (secret: string) => BroadcastCaller {
  return (secret) => {
    const apiKey = management.ring.find(secret)?.apiKey;
    const record = management.keyBySecret(secret);
    let hash: Promise<string> | undefined;
    return {
      workspaceId: apiKey?.workspaceId ?? record?.workspace_id ?? DEFAULT_WORKSPACE_ID,
      keyName: record?.name ?? apiKey?.label ?? null,
      hash: () => (hash ??= record ? Promise.resolve(record.hash) : sha256Hex(secret)),
    };
  };
}
