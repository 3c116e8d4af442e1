import { z } from 'zod';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';
import { OrganizationMembersListResponseSchema } from '../../schemas/guardrail-responses.ts';

const PAGING: readonly ParameterDoc[] = [
  { name: 'offset', in: 'query', description: 'Records to skip (default 0).', schema: z.number().int().min(0) },
  { name: 'limit', in: 'query', description: 'Records per page, 1-100 (default 50).', schema: z.number().int().min(1).max(100) },
];
const json = (name: string) => ({ 'application/json': name });

/** The organization operation in `/openapi.json` (management key only), and the component schema it names. */
export const docs: OperationDocs = {
  endpoints: {
    'organization.members.list': {
      tag: 'Organization',
      description:
        'Management key only. The members of the seeded organisation (the account owner and two members unless the control API replaced them: `PUT /__gatewaykit/organization`), paged; guardrail member assignments name these ids.',
      successStatus: 200,
      success: json('OrganizationMembersListResponse'),
      parameters: [...PAGING, ...SIMULATION_HEADERS],
    },
  },
  components: { answers: { OrganizationMembersListResponse: OrganizationMembersListResponseSchema } },
};
