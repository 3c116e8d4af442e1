import type { Operation } from '../operation.ts';
import { statusesFor } from '../../errors/documented-statuses.ts';

/**
 * POST /chat/completions (reference `sendChatCompletionRequest`): the chat request validated in
 * its own terms, translated to the canonical request, answered by the engine, and rendered as
 * `ChatResult` or the `chat.completion.chunk` stream. The reference documents the same fourteen
 * error statuses as for /responses, so `X-Gatewaykit-Fault` may force the same ones.
 */
export const chatOperation: Operation = {
  name: 'chat',
  endpoints: [
    {
      method: 'POST',
      path: '/chat/completions',
      id: 'chat.completions.create',
      referenceId: 'sendChatCompletionRequest',
      summary: 'Create a chat completion',
      auth: 'key',
      paid: true,
      faults: statusesFor('responses'),
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
