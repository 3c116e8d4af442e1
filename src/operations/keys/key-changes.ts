import type { NewKey } from '../../management/create-key.ts';
import { isoSeconds } from '../../management/key-entry.ts';
import type { ManagedKeyRecord } from '../../management/managed-key-record.ts';
import type { CreateKeyRequest, UpdateKeyRequest } from './request.ts';

/** A POST /keys body as a new key. */
export function newKeyFromRequest(body: CreateKeyRequest): NewKey {
  return { ...body, source: 'api' };
}

/** The record after a PATCH /keys/{hash}: only the fields given change; the label follows the name. */
export function patchedKey(record: ManagedKeyRecord, patch: UpdateKeyRequest, now: number): ManagedKeyRecord {
  const name = patch.name ?? record.name;
  return {
    ...record,
    name,
    label: patch.name !== undefined ? name : record.label,
    disabled: patch.disabled ?? record.disabled,
    include_byok_in_limit: patch.include_byok_in_limit ?? record.include_byok_in_limit,
    limit: patch.limit !== undefined ? patch.limit : record.limit,
    limit_reset: patch.limit_reset !== undefined ? patch.limit_reset : record.limit_reset,
    updated_at: isoSeconds(now),
  };
}
