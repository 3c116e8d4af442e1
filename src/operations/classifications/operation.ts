import { CLASSIFICATION_WINDOWS, taskClassifications } from '../../datasets/task-classifications.ts';
import { enumParam } from '../../datasets/query-params.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { docs } from './docs.ts';

/**
 * GET /classifications/task (reference getTaskClassifications): "any valid OpenRouter API key",
 * not billed; `window` is `7d` (the only one the reference supports) or absent.
 */
export const classificationsOperation: Operation = {
  name: 'classifications',
  docs,
  endpoints: [
    {
      method: 'GET',
      path: '/classifications/task',
      id: 'classifications.task.get',
      referenceId: 'getTaskClassifications',
      summary: 'Task classification market share',
      auth: 'key',
      faults: [400, 401, 429, 500],
    },
  ],
  handlers: ({ env }) => ({
    'classifications.task.get': (ctx) => {
      enumParam(ctx.url.searchParams, 'window', CLASSIFICATION_WINDOWS);
      return jsonResponse(taskClassifications(env.catalog.models, env.seed, env.clock.now()));
    },
  }),
};
