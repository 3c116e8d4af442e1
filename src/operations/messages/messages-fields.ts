import type { FieldRename } from '../../engine/in-surface-terms.ts';
import type { MessagesRequest } from '../../schemas/messages-request.ts';

/** The generator's canonical field names as Messages names them (reference `MessagesRequest`): the schema, and each custom tool's input schema. */
export function messagesFields(messages: MessagesRequest): FieldRename[] {
  const renames: FieldRename[] = [[/\btext\.format\.schema\b/g, 'output_config.format.schema']];
  (messages.tools ?? []).forEach((tool, i) => {
    if (tool.type === undefined || tool.type === null || tool.type === 'custom')
      renames.push([new RegExp(`\\btools\\[${i}\\]\\.parameters\\b`, 'g'), `tools[${i}].input_schema`]);
  });
  return renames;
}
