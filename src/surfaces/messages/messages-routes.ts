import { statusesFor } from '../../errors/documented-statuses.ts';
import { formatZodError } from '../../errors/format-zod-error.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { Engine } from '../../engine/create-engine.ts';
import { runEngine } from '../../engine/run-engine.ts';
import { inSurfaceTerms, type FieldRename } from '../../engine/in-surface-terms.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';
import type { Route } from '../../http/route.ts';
import { MessagesRequestSchema, type MessagesRequest } from '../../schemas/messages-request.ts';
import { messagesErrorBody } from './messages-error.ts';
import { renderMessages } from './render-messages.ts';
import { toCanonicalRequest } from './to-canonical-request.ts';
import { parseRequest } from '../../validation/parse-request.ts';

/**
 * A JSON body as a Messages request (reference `MessagesRequest`), or a 400 whose message names
 * the field and the rule.
 *
 * @example
 * validateMessagesRequest({ model: 'm', max_tokens: 10, messages: [] });
 */
export function validateMessagesRequest(body: unknown): MessagesRequest {
  const parsed = parseRequest(MessagesRequestSchema, body);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}

/** The generator's canonical field names as Messages names them (reference `MessagesRequest`): the schema, and each custom tool's input schema. */
function messagesFields(messages: MessagesRequest): FieldRename[] {
  const renames: FieldRename[] = [[/\btext\.format\.schema\b/g, 'output_config.format.schema']];
  (messages.tools ?? []).forEach((tool, i) => {
    if (tool.type === undefined || tool.type === null || tool.type === 'custom') renames.push([new RegExp(`\\btools\\[${i}\\]\\.parameters\\b`, 'g'), `tools[${i}].input_schema`]);
  });
  return renames;
}

/**
 * POST /messages: the Anthropic Messages surface of the engine. The body is validated and
 * translated into the canonical request; the engine answers it (routing, plugins, scripts,
 * generation, usage, faults, timing) and the answer is rendered as the reference
 * `MessagesResult` or the Anthropic event stream. Every error, from auth to a forced fault, is
 * `AnthropicMessagesErrorResponse` (`Route.errorBody`).
 *
 * @example
 * const routes = messagesRoutes(createEngine(env));
 */
export function messagesRoutes(engine: Engine): Route[] {
  return [
    {
      method: 'POST',
      path: '/messages',
      operation: 'messages.create',
      auth: 'key',
      paid: true,
      // The reference documents 400, 401, 403, 404, 429, 500, 503 and 529 here; the other
      // statuses of the Responses operation happen on the same engine, so they stay forceable.
      faults: statusesFor('responses'),
      errorBody: messagesErrorBody,
      requestIdHeader: 'request-id',
      // Anthropic clients send their key as `x-api-key`; `Authorization: Bearer` works as everywhere.
      keyHeader: 'x-api-key',
      // Identical requests are answered from the memo (src/engine/answer-memo.ts), ids drawn afresh.
      handle: (ctx) =>
        engine.answers.answer(ctx, 'messages', async (body) => {
          const messages = validateMessagesRequest(body);
          const canonical = toCanonicalRequest(messages);
          if (canonical instanceof GatewayError) throw canonical;
          const answer = await inSurfaceTerms(runEngine(engine, canonical.request, ctx), () => messagesFields(messages));
          const tokenizer = loadedTokenizer() ?? (await loadTokenizer());
          const response = await renderMessages(answer, { cacheTtl: messages.cache_control?.ttl, countTokens: tokenizer.count });
          return { answer, response };
        }),
    },
  ];
}
