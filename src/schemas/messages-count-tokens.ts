import { z } from 'zod';
import { MessagesRequestSchema } from './messages-request.ts';

/**
 * The body of `POST /messages/count_tokens` (Anthropic's `messages.countTokens`): a Messages
 * request without `max_tokens` (counting needs no output budget; one given is accepted).
 */
export const MessagesCountTokensRequestSchema = MessagesRequestSchema.extend({ max_tokens: z.number().int().min(1).optional() });
export type MessagesCountTokensRequest = z.infer<typeof MessagesCountTokensRequestSchema>;

/** Anthropic's `MessageTokensCount`: the input tokens the request would be billed. */
export const MessagesCountTokensResultSchema = z.strictObject({ input_tokens: z.number().int().min(0) });
export type MessagesCountTokensResult = z.infer<typeof MessagesCountTokensResultSchema>;
