import { GatewayError } from '../../errors/gateway-error.ts';
import type { ChatRequest } from '../../schemas/chat-request.ts';

/**
 * Log-probability entries one chat answer may carry: each output token is one entry, plus one per
 * `top_logprobs` alternative. The rendered answer grows with this product, not with the request's
 * size (why this number: docs/decisions/0062-bounded-work-per-answer.md).
 */
export const LOGPROB_ENTRY_LIMIT = 262_144;

type LogprobFields = Pick<ChatRequest, 'logprobs' | 'top_logprobs' | 'max_tokens' | 'max_completion_tokens'>;

/** The most output tokens whose log probabilities fit {@link LOGPROB_ENTRY_LIMIT}; undefined without `logprobs`. */
function tokenCap(chat: LogprobFields): number | undefined {
  return chat.logprobs === true ? Math.floor(LOGPROB_ENTRY_LIMIT / (1 + (chat.top_logprobs ?? 0))) : undefined;
}

function refusal(chat: LogprobFields, tokens: number, what: string): GatewayError {
  const perToken = 1 + (chat.top_logprobs ?? 0);
  const field = chat.max_completion_tokens != null ? 'max_completion_tokens' : 'max_tokens';
  return new GatewayError(
    400,
    `top_logprobs: with logprobs, ${what} × (1 + top_logprobs) may be at most ${LOGPROB_ENTRY_LIMIT} log-probability entries (got ${tokens} × ${perToken} = ${tokens * perToken}); set ${field} to ${tokenCap(chat)} or less, or ask for fewer top_logprobs`,
  );
}

/**
 * The budget check of chat `logprobs`, before any work: a `max_tokens` (or
 * `max_completion_tokens`) whose log probabilities would pass {@link LOGPROB_ENTRY_LIMIT} is a
 * 400 naming the fields.
 *
 * @example
 * checkLogprobBudget({ logprobs: true, top_logprobs: 20, max_tokens: 100_000 }); // throws 400
 */
export function checkLogprobBudget(chat: LogprobFields): void {
  const cap = tokenCap(chat);
  const asked = chat.max_completion_tokens ?? chat.max_tokens;
  if (cap !== undefined && asked != null && asked > cap)
    throw refusal(chat, asked, chat.max_completion_tokens != null ? 'max_completion_tokens' : 'max_tokens');
}

/**
 * The same bound on the reply the model wrote, before its log probabilities are made: a request
 * without a budget whose reply is longer than the bound allows is a 400 (nothing rendered, nothing
 * charged); a short reply is never refused for the budget it did not set.
 *
 * @example
 * checkLogprobEntries({ logprobs: true, top_logprobs: 20 }, 100_000); // throws 400
 */
export function checkLogprobEntries(chat: LogprobFields, outputTokens: number): void {
  const cap = tokenCap(chat);
  if (cap !== undefined && outputTokens > cap) throw refusal(chat, outputTokens, "the reply's output tokens");
}
