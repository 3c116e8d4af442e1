import type { OperationHandlers } from '../operation.ts';
import { getActivity } from './get-activity.ts';

/** The activity operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({ 'activity.get': (ctx) => getActivity(env, ctx) });
