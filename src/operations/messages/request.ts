import { MessagesRequestSchema, type MessagesRequest } from '../../schemas/messages-request.ts';
import type { SchemaParse } from '../../validation/tiered-safe-parse.ts';
import { validRequest } from '../read-json-request.ts';

/**
 * A JSON body as a Messages request (reference `MessagesRequest`), or a 400 whose message names
 * the field and the rule; `parse`: the gateway's (`env.parse`).
 *
 * @example
 * validateMessagesRequest({ model: 'm', max_tokens: 10, messages: [] });
 */
export function validateMessagesRequest(body: unknown, parse?: SchemaParse): MessagesRequest {
  return validRequest(MessagesRequestSchema, body, undefined, parse);
}
