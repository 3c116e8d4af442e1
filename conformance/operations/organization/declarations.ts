import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery } from '../../kit/refusals.ts';

/** The kit's declarations of the organization operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'organization.members.list',
    request: () => ({ method: 'GET', path: '/organization/members?limit=5' }),
    badInput: () => [badQuery('/organization/members', 'limit=101')],
  },
];
