import { z } from 'zod';
import {
  GuardrailListResponseSchema,
  GuardrailDataResponseSchema,
  GuardrailDeletedResponseSchema,
  KeyAssignmentListResponseSchema,
  MemberAssignmentListResponseSchema,
  AssignedCountResponseSchema,
  UnassignedCountResponseSchema,
} from '../../schemas/guardrail-responses.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { PAGING, SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

const TAG = 'Guardrails';
const ID: ParameterDoc = { name: 'id', in: 'path', required: true, description: "The guardrail's id (a UUID).", schema: z.string() };
const json = (name: string) => ({ 'application/json': name });

const CRUD = {
  'guardrails.list': {
    tag: TAG,
    description:
      'Management key only. The guardrails of a workspace (default: the default workspace) in creation order, paged by `offset` and `limit`, with `total_count`.',
    successStatus: 200,
    success: json('GuardrailListResponse'),
    parameters: [
      ...PAGING,
      { name: 'workspace_id', in: 'query' as const, description: 'Only guardrails of this workspace.', schema: z.string() },
      ...SIMULATION_HEADERS,
    ],
  },
  'guardrails.create': {
    tag: TAG,
    description:
      'Management key only. Body: `name` (required), `allowed_models`, `allowed_providers`, `ignored_models`, `ignored_providers`, `enforce_zdr_*`, `content_filters` (regex patterns; nested quantifiers refused), `limit_usd`, `reset_interval`, `workspace_id`. 201. Takes effect on inference once assigned to a key or member (docs/guardrails.md).',
    successStatus: 201,
    success: json('GuardrailDataResponse'),
    parameters: SIMULATION_HEADERS,
  },
  'guardrails.get': {
    tag: TAG,
    description: 'Management key only. 404 for an unknown id.',
    successStatus: 200,
    success: json('GuardrailDataResponse'),
    parameters: [ID, ...SIMULATION_HEADERS],
  },
  'guardrails.update': {
    tag: TAG,
    description: 'Management key only. Only the fields given change; null clears a list. Applies at once to the keys it governs.',
    successStatus: 200,
    success: json('GuardrailDataResponse'),
    parameters: [ID, ...SIMULATION_HEADERS],
  },
  'guardrails.delete': {
    tag: TAG,
    description: 'Management key only. Deletes its assignments too: the keys it governed are free of it at once.',
    successStatus: 200,
    success: json('GuardrailDeletedResponse'),
    parameters: [ID, ...SIMULATION_HEADERS],
  },
};

const ASSIGNMENTS = {
  'guardrails.keys.list': {
    tag: TAG,
    description: "Management key only. The guardrail's key assignments, paged.",
    successStatus: 200,
    success: json('KeyAssignmentListResponse'),
    parameters: [ID, ...PAGING, ...SIMULATION_HEADERS],
  },
  'guardrails.keys.assign': {
    tag: TAG,
    description:
      'Management key only. Body: `key_hashes` (1-1,000). All or nothing: an unknown hash is a 400. `assigned_count` counts the keys newly assigned.',
    successStatus: 200,
    success: json('AssignedCountResponse'),
    parameters: [ID, ...SIMULATION_HEADERS],
  },
  'guardrails.keys.unassign': {
    tag: TAG,
    description:
      'Management key only. Body: `key_hashes`. `unassigned_count` counts the assignments removed; the guardrail stops applying to those keys at once.',
    successStatus: 200,
    success: json('UnassignedCountResponse'),
    parameters: [ID, ...SIMULATION_HEADERS],
  },
  'guardrails.members.list': {
    tag: TAG,
    description: "Management key only. The guardrail's member assignments, paged.",
    successStatus: 200,
    success: json('MemberAssignmentListResponse'),
    parameters: [ID, ...PAGING, ...SIMULATION_HEADERS],
  },
  'guardrails.members.assign': {
    tag: TAG,
    description:
      'Management key only. Body: `member_user_ids` (members of `GET /organization/members`; an unknown id is a 400). The guardrail applies to every key the member created.',
    successStatus: 200,
    success: json('AssignedCountResponse'),
    parameters: [ID, ...SIMULATION_HEADERS],
  },
  'guardrails.members.unassign': {
    tag: TAG,
    description: 'Management key only. Body: `member_user_ids`. `unassigned_count` counts the assignments removed.',
    successStatus: 200,
    success: json('UnassignedCountResponse'),
    parameters: [ID, ...SIMULATION_HEADERS],
  },
  'guardrails.key-assignments': {
    tag: TAG,
    description: 'Management key only. Every key assignment of every guardrail, paged.',
    successStatus: 200,
    success: json('KeyAssignmentListResponse'),
    parameters: [...PAGING, ...SIMULATION_HEADERS],
  },
  'guardrails.member-assignments': {
    tag: TAG,
    description: 'Management key only. Every member assignment of every guardrail, paged.',
    successStatus: 200,
    success: json('MemberAssignmentListResponse'),
    parameters: [...PAGING, ...SIMULATION_HEADERS],
  },
};

/** The guardrail operations in `/openapi.json` (management key only, every one of them), and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: { ...CRUD, ...ASSIGNMENTS },
  components: {
    answers: {
      GuardrailListResponse: GuardrailListResponseSchema,
      GuardrailDataResponse: GuardrailDataResponseSchema,
      GuardrailDeletedResponse: GuardrailDeletedResponseSchema,
      KeyAssignmentListResponse: KeyAssignmentListResponseSchema,
      MemberAssignmentListResponse: MemberAssignmentListResponseSchema,
      AssignedCountResponse: AssignedCountResponseSchema,
      UnassignedCountResponse: UnassignedCountResponseSchema,
    },
  },
};
