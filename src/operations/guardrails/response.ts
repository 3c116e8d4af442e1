import type { GuardrailRecord, KeyAssignmentRecord, MemberAssignmentRecord } from '../../management/guardrail-record.ts';
import type { ManagedKeyRecord } from '../../management/managed-key-record.ts';

/** reference `Guardrail`: the record without its creation order. */
export function guardrailData(record: GuardrailRecord): Record<string, unknown> {
  const { seq: _seq, ...shown } = record;
  return shown;
}

/** reference `KeyAssignment`: the assignment with the key's current name and label. */
export function keyAssignmentData(record: KeyAssignmentRecord, key: ManagedKeyRecord | undefined): Record<string, unknown> {
  return {
    id: record.id,
    key_hash: record.key_hash,
    guardrail_id: record.guardrail_id,
    key_name: key?.name ?? '',
    key_label: key?.label ?? '',
    assigned_by: record.assigned_by,
    created_at: record.created_at,
  };
}

/** reference `MemberAssignment`. */
export function memberAssignmentData(record: MemberAssignmentRecord): Record<string, unknown> {
  const { seq: _seq, ...shown } = record;
  return shown;
}
