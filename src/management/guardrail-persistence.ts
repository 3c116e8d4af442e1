import type { z } from 'zod';
import type { GuardrailCollectionName } from './management-change.ts';
import {
  GuardrailRecordSchema,
  KeyAssignmentRecordSchema,
  MemberAssignmentRecordSchema,
  type GuardrailRecord,
  type GuardrailSnapshot,
  type KeyAssignmentRecord,
  type MemberAssignmentRecord,
} from './guardrail-record.ts';

/** The schema a state file's guardrail line is checked with, per collection. */
export const GUARDRAIL_RECORD_SCHEMAS: Record<GuardrailCollectionName, z.ZodType> = {
  guardrails: GuardrailRecordSchema,
  'guardrail-key-assignments': KeyAssignmentRecordSchema,
  'guardrail-member-assignments': MemberAssignmentRecordSchema,
};

/** The guardrails of a state file's records (by collection), as a store restores them. */
export function guardrailSnapshot(of: (name: GuardrailCollectionName) => Map<string, unknown>): GuardrailSnapshot {
  return {
    guardrails: [...of('guardrails').values()] as GuardrailRecord[],
    keyAssignments: [...of('guardrail-key-assignments').values()] as KeyAssignmentRecord[],
    memberAssignments: [...of('guardrail-member-assignments').values()] as MemberAssignmentRecord[],
  };
}
