import type { OperationHandlers } from '../operation.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { readCountQuery } from './request.ts';
import { modelsCountBody } from './response.ts';

/** The models-count operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'models.count': (ctx) => jsonResponse(modelsCountBody(env.catalog, readCountQuery(ctx.url.searchParams))),
});
