import { formatZodError } from '../../errors/format-zod-error.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { MessagesCountTokensRequestSchema, type MessagesCountTokensRequest } from '../../schemas/messages-count-tokens.ts';
import { parseRequest } from '../../validation/parse-request.ts';

/**
 * A JSON body as a count-tokens request, or a 400 naming the field and the rule (as `/messages`).
 *
 * @example
 * readCountTokensRequest({ model: 'anthropic/claude-sonnet-4.5', messages: [{ role: 'user', content: 'Hi' }] });
 */
export function readCountTokensRequest(body: unknown): MessagesCountTokensRequest {
  const parsed = parseRequest(MessagesCountTokensRequestSchema, body);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}
