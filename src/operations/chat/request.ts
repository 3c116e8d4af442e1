import { GatewayError } from '../../errors/gateway-error.ts';
import { ChatRequestSchema, type ChatRequest } from '../../schemas/chat-request.ts';
import { validRequest } from '../../validation/parse-request.ts';
import type { SchemaParse } from '../../validation/tiered-safe-parse.ts';

/** A schema-valid chat request that contradicts itself, with the field its message leads with. */
export interface ChatConflict {
  field: string;
  message: string;
}

/**
 * The chat request's 422s (reference: "semantic validation failure"), the same rules as
 * /responses in chat's own field names:
 * 1. `tool_choice` forces a function (`required`, a named function) but `tools` has none;
 * 2. `tool_choice.function.name` is not among the function tools;
 * 3. `reasoning_effort` and `reasoning.effort` both given and different (reference `ChatRequest`:
 *    "Cannot be used simultaneously with reasoning.effort if they differ").
 *
 * @example
 * findChatConflicts({ messages: [...], tool_choice: 'required' }); // [{ field: 'tool_choice', ... }]
 */
export function findChatConflicts(request: ChatRequest): ChatConflict[] {
  const conflicts: ChatConflict[] = [];
  const choice = request.tool_choice;
  const names = (request.tools ?? []).flatMap((t) => (t.type === 'function' && 'function' in t ? [(t.function as { name: string }).name] : []));
  const forcing = choice === 'required' || (typeof choice === 'object' && choice.type === 'function');
  if (forcing && (request.tools ?? []).length === 0) {
    conflicts.push({ field: 'tool_choice', message: 'requires a tool to be called, but tools is empty' });
  } else if (typeof choice === 'object' && choice.type === 'function') {
    const name = (choice.function as { name: string }).name;
    if (!names.includes(name)) {
      const known = names.length > 0 ? names.map((n) => JSON.stringify(n)).join(', ') : 'none';
      conflicts.push({ field: 'tool_choice.function.name', message: `function ${JSON.stringify(name)} is not in tools (function tools: ${known})` });
    }
  }
  const effort = request.reasoning?.effort;
  if (request.reasoning_effort != null && effort != null && effort !== request.reasoning_effort) {
    conflicts.push({
      field: 'reasoning_effort',
      message: `${JSON.stringify(request.reasoning_effort)} differs from reasoning.effort ${JSON.stringify(effort)}; send one of them`,
    });
  }
  return conflicts;
}

/**
 * Validate a parsed JSON body as a chat request (reference `ChatRequest`): 400 naming the chat
 * field and the rule (`messages[2].content: ...`, `max_tokens: must be >= 0 (got -1)`), 422 for
 * a request that contradicts itself. `parse`: the gateway's (`env.parse`).
 *
 * @example
 * const chat = validateChatRequest(await ctx.json());
 */
export function validateChatRequest(body: unknown, parse?: SchemaParse): ChatRequest {
  const request = validRequest(ChatRequestSchema, body, undefined, parse);
  const conflicts = findChatConflicts(request);
  if (conflicts.length > 0) throw new GatewayError(422, conflicts.map((c) => `${c.field}: ${c.message}`).join('; '));
  return request;
}
