import { admitUnknownModels } from '../../routing/admit-unknown-models.ts';
import { statusesFor } from '../../errors/documented-statuses.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { runEngine } from '../../engine/run-engine.ts';
import { inSurfaceTerms } from '../../engine/in-surface-terms.ts';
import { messagesFields } from './messages-fields.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { countMessageTokens } from './count-message-tokens.ts';
import { readCountTokensRequest } from './count-tokens-request.ts';
import { messagesErrorBody } from './messages-error.ts';
import { validateMessagesRequest } from './request.ts';
import { renderMessages } from './response.ts';
import { toCanonicalRequest } from './to-canonical-request.ts';
import { docs } from './docs.ts';

/**
 * POST /messages: the Anthropic Messages surface of the engine. The body is validated and
 * translated into the canonical request; the engine answers it (routing, plugins, scripts,
 * generation, usage, faults, timing) and the answer is rendered as the reference
 * `MessagesResult` or the Anthropic event stream. Every error, from auth to a forced fault, is
 * `AnthropicMessagesErrorResponse` (`Route.errorBody`).
 */
export const messagesOperation: Operation = {
  name: 'messages',
  docs,
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
  handlers: ({ engine, env }) => ({
    'messages.countTokens': async (ctx) => {
      const request = readCountTokensRequest(await ctx.json());
      const tokenizer = env.tokenizerView(loadedTokenizer() ?? (await loadTokenizer()));
      admitUnknownModels(env, [request.model]);
      return jsonResponse(countMessageTokens(request, env.catalog.models, tokenizer.count), { headers: { 'request-id': ctx.generationId() } });
    },
    // Identical requests are answered from the memo (src/engine/answer-memo.ts), ids drawn afresh.
    'messages.create': (ctx) =>
      engine.answers.answer(ctx, 'messages', async (body) => {
        const messages = validateMessagesRequest(body, engine.env.parse);
        const canonical = toCanonicalRequest(messages);
        if (canonical instanceof GatewayError) throw canonical;
        const answer = await inSurfaceTerms(runEngine(engine, canonical.request, ctx), () => messagesFields(messages));
        const tokenizer = engine.env.tokenizerView(loadedTokenizer() ?? (await loadTokenizer()));
        const response = await renderMessages(answer, { cacheTtl: messages.cache_control?.ttl, countTokens: tokenizer.count });
        return { answer, response };
      }),
  }),
};
