import type { OperationHandlers } from '../operation.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { providersBody } from './response.ts';

/** The providers operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'providers.list': () => jsonResponse(providersBody(env.catalog)),
});
