import type { TextModel } from '../../catalog/text-model.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { promptTokens, type CountTokens } from '../../request/prompt-tokens.ts';
import { unknownModel } from '../../routing/unknown-model.ts';
import type { MessagesCountTokensRequest, MessagesCountTokensResult } from '../../schemas/messages-count-tokens.ts';
import { toCanonicalRequest } from './to-canonical-request.ts';

/**
 * The input tokens of a Messages request, counted as `usage` counts them: the request is
 * translated as `POST /messages` translates it, and counted by the one prompt-token count
 * (request/prompt-tokens.ts) with the same tokenizer, so `count_tokens` of a request equals the
 * `usage.input_tokens` its `/messages` answer bills (before prompt caching).
 *
 * @example
 * countMessageTokens({ model: 'anthropic/claude-sonnet-4.5', messages: [{ role: 'user', content: 'Hi' }] }, models, tokenizer.count); // { input_tokens: 9 }
 */
export function countMessageTokens(request: MessagesCountTokensRequest, models: readonly TextModel[], count: CountTokens): MessagesCountTokensResult {
  if (request.model !== undefined) {
    const unknown = unknownModel([{ id: request.model, where: 'model' }], models);
    if (unknown) throw unknown;
  }
  // Counting has no output budget: the largest keeps the translation's max_tokens rules quiet.
  const canonical = toCanonicalRequest({ ...request, max_tokens: request.max_tokens ?? Number.MAX_SAFE_INTEGER });
  if (canonical instanceof GatewayError) throw canonical;
  return { input_tokens: promptTokens(canonical.request, count).inputTokens };
}
