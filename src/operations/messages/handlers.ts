import type { OperationHandlers } from '../operation.ts';
import { admitUnknownModels } from '../../routing/admit-unknown-models.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { runEngine } from '../../engine/run-engine.ts';
import { inSurfaceTerms } from '../../engine/in-surface-terms.ts';
import { messagesFields } from './messages-fields.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { countMessageTokens } from './count-message-tokens.ts';
import { readCountTokensRequest } from './count-tokens-request.ts';
import { validateMessagesRequest } from './request.ts';
import { renderMessages } from './response.ts';
import { toCanonicalRequest } from './to-canonical-request.ts';

/** The messages operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ engine, env }) => ({
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
});
