import { statusesFor } from '../../errors/documented-statuses.ts';
import type { Engine } from '../../engine/create-engine.ts';
import { runEngine } from '../../engine/run-engine.ts';
import { inSurfaceTerms, type FieldRename } from '../../engine/in-surface-terms.ts';
import type { Route } from '../../http/route.ts';
import { chatToCanonical } from './chat-to-canonical.ts';
import { renderChat } from './render-chat.ts';
import { validateChatRequest } from './validate-chat-request.ts';
import type { ChatRequest } from '../../schemas/chat-request.ts';
import { loadedTokenizer, loadTokenizer } from '../../generation/tokenizer.ts';

/** The generator's canonical field names as chat names them (reference `ChatRequest`): the schema, and each function tool's parameters. */
function chatFields(chat: ChatRequest): FieldRename[] {
  const renames: FieldRename[] = [[/\btext\.format\.schema\b/g, 'response_format.json_schema.schema']];
  (chat.tools ?? []).forEach((tool, i) => {
    if (tool.type === 'function' && 'function' in tool) renames.push([new RegExp(`\\btools\\[${i}\\]\\.parameters\\b`, 'g'), `tools[${i}].function.parameters`]);
  });
  return renames;
}

/**
 * POST /chat/completions (reference `sendChatCompletionRequest`): the chat request validated in
 * its own terms, translated to the canonical request, answered by the engine, and rendered as
 * `ChatResult` or the `chat.completion.chunk` stream. The reference documents the same fourteen
 * error statuses as for /responses, so `X-Gatewaykit-Fault` may force the same ones.
 *
 * @example
 * const routes = chatRoutes(createEngine(env));
 */
export function chatRoutes(engine: Engine): Route[] {
  return [
    {
      method: 'POST',
      path: '/chat/completions',
      operation: 'chat.completions.create',
      auth: 'key',
      paid: true,
      faults: statusesFor('responses'),
      // Identical requests are answered from the memo (src/engine/answer-memo.ts), ids drawn afresh.
      handle: (ctx) =>
        engine.answers.answer(ctx, 'chat', async (body) => {
          const chat = validateChatRequest(body);
          const answer = await inSurfaceTerms(runEngine(engine, chatToCanonical(chat), ctx), () => chatFields(chat));
          // reference ChatRequest `logprobs`: the tokens of the answer with simulated log probabilities.
          const tokenizer = chat.logprobs === true ? (loadedTokenizer() ?? (await loadTokenizer())) : undefined;
          const logprobs = tokenizer ? { top: chat.top_logprobs ?? 0, tokens: tokenizer.tokens } : undefined;
          return { answer, response: await renderChat(answer, { includeUsage: chat.stream_options?.include_usage === true, logprobs }) };
        }),
    },
  ];
}
