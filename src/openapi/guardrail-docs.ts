import { z } from 'zod';

const TAG = 'Guardrails';
/** An OpenAPI parameter as operation-docs.ts declares it (`ParameterDoc`). */
interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'header' | 'path';
  readonly description: string;
  readonly schema: z.ZodType;
  readonly required?: boolean;
}

const ID: Parameter = { name: 'id', in: 'path', required: true, description: "The guardrail's id (a UUID).", schema: z.string() };
const PAGING: readonly Parameter[] = [
  { name: 'offset', in: 'query', description: 'Records to skip (default 0).', schema: z.number().int().min(0) },
  { name: 'limit', in: 'query', description: 'Records per page, 1-100 (default 50).', schema: z.number().int().min(1).max(100) },
];
const json = (name: string) => ({ 'application/json': name });

/** The guardrail operations' docs (`/openapi.json`, `OperationDoc`s): management key only, every one of them. */
export const guardrailDocs = (SIMULATION_HEADERS: readonly Parameter[]) => ({ ...crudDocs(SIMULATION_HEADERS), ...assignmentDocs(SIMULATION_HEADERS) });

const crudDocs = (SIMULATION_HEADERS: readonly Parameter[]) => ({
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
});

const assignmentDocs = (SIMULATION_HEADERS: readonly Parameter[]) => ({
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
  'organization.members.list': {
    tag: 'Organization',
    description:
      'Management key only. The members of the seeded organisation (the account owner and two members unless the control API replaced them: `PUT /__gatewaykit/organization`), paged; guardrail member assignments name these ids.',
    successStatus: 200,
    success: json('OrganizationMembersListResponse'),
    parameters: [...PAGING, ...SIMULATION_HEADERS],
  },
  ...scimDocs(SIMULATION_HEADERS),
});

const MAPPING_ID: Parameter = { name: 'id', in: 'path', required: true, description: "The mapping's id (a UUID).", schema: z.string() };
const scimDocs = (SIMULATION_HEADERS: readonly Parameter[]) => ({
  'scim.groups.list': {
    tag: 'SCIM',
    description: "Management key only. The seeded organisation's SCIM groups (two unless the control API replaced them), paged.",
    successStatus: 200,
    success: json('ScimGroupsListResponse'),
    parameters: [...PAGING, ...SIMULATION_HEADERS],
  },
  'scim.mappings.list': {
    tag: 'SCIM',
    description: 'Management key only. The group-to-workspace mappings, in creation order, paged.',
    successStatus: 200,
    success: json('ScimGroupMappingsListResponse'),
    parameters: [...PAGING, ...SIMULATION_HEADERS],
  },
  'scim.mappings.create': {
    tag: 'SCIM',
    description:
      'Management key only. Body: `scim_group_id`, `workspace_id`, `role` (admin, member). 404 for an unknown group or workspace, 409 for a pair already mapped. 201.',
    successStatus: 201,
    success: json('ScimGroupMappingDataResponse'),
    parameters: SIMULATION_HEADERS,
  },
  'scim.mappings.get': {
    tag: 'SCIM',
    description: 'Management key only. 404 for an unknown id.',
    successStatus: 200,
    success: json('ScimGroupMappingDataResponse'),
    parameters: [MAPPING_ID, ...SIMULATION_HEADERS],
  },
  'scim.mappings.update': {
    tag: 'SCIM',
    description: 'Management key only. Body: `role`.',
    successStatus: 200,
    success: json('ScimGroupMappingDataResponse'),
    parameters: [MAPPING_ID, ...SIMULATION_HEADERS],
  },
  'scim.mappings.delete': {
    tag: 'SCIM',
    description: 'Management key only. `keep_members` (true or false) is required: omitting it is a 400, as the reference documents.',
    successStatus: 200,
    success: json('GuardrailDeletedResponse'),
    parameters: [
      MAPPING_ID,
      { name: 'keep_members', in: 'query' as const, required: true, description: 'Keep the members the mapping granted.', schema: z.enum(['true', 'false']) },
      ...SIMULATION_HEADERS,
    ],
  },
});
