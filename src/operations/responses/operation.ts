import type { Operation } from '../operation.ts';
import { statusesFor } from '../../errors/documented-statuses.ts';

/**
 * POST /responses (spec 4.1), the first surface of the engine: the validated body (spec 2.1) is
 * the canonical request as it is, and the answer is rendered as the spec 2.2 result or the
 * spec 6 stream.
 */
export const responsesOperation: Operation = {
  name: 'responses',
  endpoints: [
    {
      method: 'POST',
      path: '/responses',
      id: 'responses.create',
      referenceId: 'createResponses',
      summary: 'Create a response',
      auth: 'key',
      paid: true,
      faults: statusesFor('responses'),
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
