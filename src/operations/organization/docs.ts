import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { PAGING, SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';
import { OrganizationMembersListResponseSchema } from '../../schemas/guardrail-responses.ts';

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
