import type { FieldRename } from '../../engine/in-surface-terms.ts';
import type { ChatRequest } from '../../schemas/chat-request.ts';

/** The generator's canonical field names as chat names them (reference `ChatRequest`): the schema, and each function tool's parameters. */
export function chatFields(chat: ChatRequest): FieldRename[] {
  const renames: FieldRename[] = [[/\btext\.format\.schema\b/g, 'response_format.json_schema.schema']];
  (chat.tools ?? []).forEach((tool, i) => {
    if (tool.type === 'function' && 'function' in tool)
      renames.push([new RegExp(`\\btools\\[${i}\\]\\.parameters\\b`, 'g'), `tools[${i}].function.parameters`]);
  });
  return renames;
}
