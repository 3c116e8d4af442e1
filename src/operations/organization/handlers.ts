import type { OperationHandlers } from '../operation.ts';
import { pagedAnswer } from '../page-query.ts';

/** The organization operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'organization.members.list': (ctx) => pagedAnswer(ctx, env.organization.members(), (member) => member),
});
