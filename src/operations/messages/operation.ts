import type { Operation } from '../operation.ts';
import { statusesFor } from '../../errors/documented-statuses.ts';
import { messagesErrorBody } from './messages-error.ts';

/**
 * POST /messages: the Anthropic Messages surface of the engine. The body is validated and
 * translated into the canonical request; the engine answers it (routing, plugins, scripts,
 * generation, usage, faults, timing) and the answer is rendered as the reference
 * `MessagesResult` or the Anthropic event stream. Every error, from auth to a forced fault, is
 * `AnthropicMessagesErrorResponse` (`Route.errorBody`).
 */
export const messagesOperation: Operation = {
  name: 'messages',
  endpoints: [
    {
      method: 'POST',
      path: '/messages',
      id: 'messages.create',
      referenceId: 'createMessages',
      summary: 'Create a message (Anthropic Messages format)',
      auth: 'key',
      paid: true,
      // The reference documents 400, 401, 403, 404, 429, 500, 503 and 529 here; the other
      // statuses of the Responses operation happen on the same engine, so they stay forceable.
      faults: statusesFor('responses'),
      errorBody: messagesErrorBody,
      requestIdHeader: 'request-id',
      // Anthropic clients send their key as `x-api-key`; `Authorization: Bearer` works as everywhere.
      keyHeader: 'x-api-key',
    },
    {
      // What Anthropic's SDK calls for `client.messages.countTokens`, beside `/messages`, with its
      // errors in the same Anthropic shape and its key as `x-api-key`. Free: it generates nothing.
      method: 'POST',
      path: '/messages/count_tokens',
      id: 'messages.countTokens',
      summary: 'the input tokens of a Messages request (Anthropic `messages.countTokens`), counted as `usage` counts them',
      auth: 'key',
      // The statuses Anthropic documents for its Messages endpoints that counting can meet.
      faults: [400, 401, 403, 404, 413, 429, 500, 503, 529],
      errorBody: messagesErrorBody,
      requestIdHeader: 'request-id',
      keyHeader: 'x-api-key',
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
