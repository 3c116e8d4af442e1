import type { OperationHandlers } from '../operation.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { zdrEndpointsBody } from './response.ts';

/** The endpoints-zdr operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'endpoints.zdr.list': () => jsonResponse(zdrEndpointsBody(env.catalog)),
});
