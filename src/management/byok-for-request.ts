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

/**
 * Whether a request by `apiKey` served by `provider` for `model` is a BYOK request: the key is a
 * BYOK key, or a credential of its workspace covers the provider (docs/byok.md). Every paid
 * operation asks this one question, so a credential marks images, speech or rerank as it marks chat.
 *
 * @example
 * isByokRequest(env.management, ctx.apiKey, 'openai', 'openai/gpt-image-1'); // false without a credential
 */
export function isByokRequest(store: ManagementStore, apiKey: ApiKey, provider: string, model: string): boolean {
  return (apiKey.byok ?? false) || byokCredentialFor(store, apiKey, provider, model) !== undefined;
}
