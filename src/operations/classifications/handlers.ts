import type { OperationHandlers } from '../operation.ts';
import { CLASSIFICATION_WINDOWS, taskClassifications } from '../../datasets/task-classifications.ts';
import { enumParam } from '../../datasets/query-params.ts';
import { jsonResponse } from '../../http/raw-body.ts';

/** The classifications operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'classifications.task.get': (ctx) => {
    enumParam(ctx.url.searchParams, 'window', CLASSIFICATION_WINDOWS);
    return jsonResponse(taskClassifications(env.catalog.models, env.seed, env.clock.now()));
  },
});
