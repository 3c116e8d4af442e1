import { z } from 'zod';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { PAGING, SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';
import { ScimGroupsListResponseSchema, ScimGroupMappingsListResponseSchema, ScimGroupMappingDataResponseSchema } from '../../schemas/guardrail-responses.ts';

const json = (name: string) => ({ 'application/json': name });
const MAPPING_ID: ParameterDoc = { name: 'id', in: 'path', required: true, description: "The mapping's id (a UUID).", schema: z.string() };

/** The SCIM operations in `/openapi.json` (management key only), and the component schemas they name; a deleted mapping answers like a deleted guardrail. */
export const docs: OperationDocs = {
  endpoints: {
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
  },
  components: {
    answers: {
      ScimGroupsListResponse: ScimGroupsListResponseSchema,
      ScimGroupMappingsListResponse: ScimGroupMappingsListResponseSchema,
      ScimGroupMappingDataResponse: ScimGroupMappingDataResponseSchema,
    },
  },
};
