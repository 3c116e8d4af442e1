import type { ApiKey } from '../auth/api-key.ts';
import type { ByokRecord } from './byok-record.ts';
import { DEFAULT_WORKSPACE_ID } from './key-entry.ts';
import type { ManagementStore } from './management-store.ts';

/**
 * The BYOK credential a request by `apiKey` routed to `provider` for `model` uses, or undefined:
 * the first enabled credential of that provider (non-fallback first, then `sort_order`) of the
 * key's workspace (or global) whose `allowed_models` and `allowed_api_key_hashes` admit it.
 * A Map lookup by provider, then the few credentials of that provider.
 *
 * @example
 * byokCredentialFor(env.management, ctx.apiKey, decision.provider, modelId)?.id;
 */
export function byokCredentialFor(store: ManagementStore, apiKey: ApiKey, provider: string, model: string): ByokRecord | undefined {
  if (store.byok.count() === 0) return undefined;
  return store.byok.match(
    { apiKey, workspaceId: apiKey.workspaceId ?? DEFAULT_WORKSPACE_ID, hash: () => store.keyBySecret(apiKey.key)?.hash },
    provider,
    model,
  );
}
