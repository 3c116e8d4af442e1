import type { Operation } from '../operation.ts';
import { pagedAnswer } from '../page-query.ts';
import { docs } from './docs.ts';

/**
 * reference listOrganizationMembers (management key only): the members of the seeded organisation
 * (src/management/organization-seed.ts), which the control API can replace
 * (`PUT /__gatewaykit/organization`); guardrail member assignments name these ids.
 */
export const organizationOperation: Operation = {
  name: 'organization',
  docs,
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
  handlers: ({ env }) => ({
    'organization.members.list': (ctx) => pagedAnswer(ctx, env.organization.members(), (member) => member),
  }),
};
