import type { Operation } from '../operation.ts';

/**
 * reference listOrganizationMembers (management key only): the members of the seeded organisation
 * (src/management/organization-seed.ts), which the control API can replace
 * (`PUT /__gatewaykit/organization`); guardrail member assignments name these ids.
 */
export const organizationOperation: Operation = {
  name: 'organization',
  endpoints: [
    {
      method: 'GET',
      path: '/organization/members',
      id: 'organization.members.list',
      referenceId: 'listOrganizationMembers',
      summary: 'List the members of the organization (paged by offset and limit)',
      auth: 'management',
      faults: [401, 403, 404, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
