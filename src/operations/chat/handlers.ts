import type { OperationHandlers } from '../operation.ts';
import { runEngine } from '../../engine/run-engine.ts';
import { inSurfaceTerms } from '../../engine/in-surface-terms.ts';
import { chatFields } from './chat-fields.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';
import { chatToCanonical } from './chat-to-canonical.ts';
import { checkLogprobBudget, checkLogprobEntries } from './logprob-bound.ts';
import { validateChatRequest } from './request.ts';
import { renderChat } from './response.ts';

/** The chat operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ engine }) => ({
  // Identical requests are answered from the memo (src/engine/answer-memo.ts), ids drawn afresh.
  'chat.completions.create': (ctx) =>
    engine.answers.answer(ctx, 'chat', async (body) => {
      const chat = validateChatRequest(body, engine.env.parse);
      // logprobs multiply the rendered answer by 1 + top_logprobs: bounded before any work, and
      // again on the reply before its log probabilities are made.
      checkLogprobBudget(chat);
      const answer = await inSurfaceTerms(runEngine(engine, chatToCanonical(chat), ctx), () => chatFields(chat));
      checkLogprobEntries(chat, answer.result.usage?.output_tokens ?? 0);
      // reference ChatRequest `logprobs`: the tokens of the answer with simulated log probabilities.
      const tokenizer = chat.logprobs === true ? (loadedTokenizer() ?? (await loadTokenizer())) : undefined;
      const logprobs = tokenizer ? { top: chat.top_logprobs ?? 0, tokens: tokenizer.tokens } : undefined;
      // reference ChatRequest `stream_options.include_usage`: "has no effect. Full usage details
      // are always included": every stream ends with its usage chunk.
      return { answer, response: await renderChat(answer, { includeUsage: true, logprobs }) };
    }),
});
