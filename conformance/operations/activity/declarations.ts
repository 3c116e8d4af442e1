import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery } from '../../kit/refusals.ts';

/** The kit's declarations of the activity operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'activity.get',
    request: () => ({ method: 'GET', path: '/activity' }),
    // reference getUserActivity: `date` is a YYYY-MM-DD date of the last 30 days; `group_by` is `workspace` only.
    badInput: () => [badQuery('/activity', 'date=not-a-date'), badQuery('/activity', 'group_by=model')],
  },
];
