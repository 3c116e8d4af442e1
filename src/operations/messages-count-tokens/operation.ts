import { jsonResponse } from '../../http/raw-body.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';
import { messagesErrorBody } from '../../surfaces/messages/messages-error.ts';
import type { Operation } from '../operation.ts';
import { readCountTokensRequest } from './request.ts';
import { countMessageTokens } from './response.ts';

/**
 * `POST /messages/count_tokens`: what Anthropic's SDK calls for `client.messages.countTokens`,
 * beside `/messages`, with its errors in the same Anthropic shape and its key as `x-api-key`.
 * Free: it generates nothing.
 */
export const messagesCountTokensOperation: Operation = {
  name: 'messages-count-tokens',
  endpoints: [
    {
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
  handlers: ({ env }) => ({
    'messages.countTokens': async (ctx) => {
      const request = readCountTokensRequest(await ctx.json());
      const tokenizer = loadedTokenizer() ?? (await loadTokenizer());
      return jsonResponse(countMessageTokens(request, env.catalog.models, tokenizer.count), { headers: { 'request-id': ctx.generationId() } });
    },
  }),
};
