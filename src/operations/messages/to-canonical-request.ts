import { GatewayError } from '../../errors/gateway-error.ts';
import type { InputItem } from '../../schemas/items.ts';
import type { ResponsesRequest } from '../../schemas/responses-request.ts';
import type { CanonicalRequest } from '../../engine/canonical-request.ts';
import type { Tool } from '../../schemas/tools.ts';
import type { ContentBlockParam, MessageParam, MessagesRequest, MessagesTool, MessagesToolChoice } from '../../schemas/messages-request.ts';

/** The canonical request a Messages request stands for, and what only the surface applies. */
export interface CanonicalMessagesRequest {
  /** The engine's request (the validated Responses request type, with the stop sequences). */
  request: CanonicalRequest;
}

type Part = Record<string, unknown>;

/** The text a block carries when it is not one the gateway translates (search results, server-tool results). */
function looseText(block: Record<string, unknown>): string | undefined {
  if (typeof block.text === 'string') return block.text;
  if (typeof block.content === 'string') return block.content;
  return undefined;
}

/** An image block as a canonical `input_image` part (base64 sources become data URLs). */
function imagePart(source: Record<string, unknown>): Part {
  if (source.type === 'base64') return { type: 'input_image', image_url: `data:${String(source.media_type)};base64,${String(source.data)}`, detail: 'auto' };
  if (source.type === 'url') return { type: 'input_image', image_url: String(source.url), detail: 'auto' };
  return { type: 'input_image', file_id: typeof source.file_id === 'string' ? source.file_id : '', detail: 'auto' };
}

/** A document block as a canonical `input_file` part (text sources become text the model reads). */
function documentParts(block: Extract<ContentBlockParam, { type: 'document' }>): Part[] {
  const source = block.source as Record<string, unknown>;
  const filename = typeof block.title === 'string' ? block.title : source.type === 'text' ? 'document.txt' : 'document.pdf';
  if (source.type === 'base64') return [{ type: 'input_file', filename, file_data: `data:application/pdf;base64,${String(source.data)}` }];
  if (source.type === 'text') return [{ type: 'input_text', text: String(source.data) }];
  if (source.type === 'url') return [{ type: 'input_file', filename, file_url: String(source.url) }];
  if (source.type === 'content') {
    const content = source.content;
    if (typeof content === 'string') return [{ type: 'input_text', text: content }];
    return (content as Array<Record<string, unknown>>).flatMap((b) => (typeof b.text === 'string' ? [{ type: 'input_text', text: b.text }] : []));
  }
  return [{ type: 'input_file', filename, file_id: typeof source.file_id === 'string' ? source.file_id : '' }];
}

/** The content of a `tool_result` as a canonical function-call output (a string, or input parts). */
function toolOutput(content: unknown, isError: boolean): string | Part[] {
  const prefix = isError ? 'Error: ' : '';
  if (content === undefined) return prefix;
  if (typeof content === 'string') return prefix + content;
  const parts: Part[] = [];
  for (const block of content as Array<Record<string, unknown>>) {
    if (block.type === 'image' && typeof block.source === 'object' && block.source !== null) parts.push(imagePart(block.source as Record<string, unknown>));
    else {
      const text = looseText(block);
      if (text !== undefined) parts.push({ type: 'input_text', text: parts.length === 0 ? prefix + text : text });
    }
  }
  return parts;
}

/**
 * One Anthropic message as canonical input items, in order: text, images and documents of a
 * turn stay one message; a `tool_use` becomes a `function_call`, a `tool_result` a
 * `function_call_output`, a `thinking` block a reasoning item (its signature kept as the
 * reasoning's opaque content). Consecutive parts of one role are grouped into one message.
 */
function messageItems(message: MessageParam): InputItem[] {
  const role = message.role;
  if (typeof message.content === 'string') return [{ role, content: message.content }];
  const items: InputItem[] = [];
  let parts: Part[] = [];
  const flush = () => {
    if (parts.length > 0) items.push({ role, content: parts } as InputItem);
    parts = [];
  };
  const textPart = (text: string): Part => (role === 'assistant' ? { type: 'output_text', text, annotations: [] } : { type: 'input_text', text });
  for (const block of message.content) {
    switch (block.type) {
      case 'text':
        parts.push(textPart(block.text as string));
        break;
      case 'image':
        parts.push(imagePart(block.source as Record<string, unknown>));
        break;
      case 'document':
        parts.push(...documentParts(block as Extract<ContentBlockParam, { type: 'document' }>));
        break;
      case 'tool_use':
        flush();
        items.push({ type: 'function_call', call_id: block.id as string, name: block.name as string, arguments: JSON.stringify(block.input ?? {}) });
        break;
      case 'tool_result':
        flush();
        items.push({
          type: 'function_call_output',
          call_id: block.tool_use_id as string,
          output: toolOutput(block.content, block.is_error === true),
        } as InputItem);
        break;
      case 'thinking':
        flush();
        items.push({
          type: 'reasoning',
          content: [{ type: 'reasoning_text', text: block.thinking as string }],
          summary: [],
          encrypted_content: block.signature as string,
        });
        break;
      case 'redacted_thinking':
        flush();
        items.push({ type: 'reasoning', summary: [], encrypted_content: block.data as string });
        break;
      default: {
        // Blocks the gateway does not translate still give the model their text.
        const text = looseText(block);
        if (text !== undefined) parts.push(textPart(text));
      }
    }
  }
  flush();
  return items;
}

/** A custom tool as a canonical function tool; any other kind (server tools) passes as sent. */
function canonicalTool(tool: MessagesTool): Tool {
  if (tool.type === undefined || tool.type === null || tool.type === 'custom') {
    const custom = tool as Extract<MessagesTool, { input_schema: unknown }>;
    return {
      type: 'function',
      name: custom.name,
      ...(custom.description !== undefined ? { description: custom.description } : {}),
      parameters: custom.input_schema as Record<string, unknown>,
      ...(custom.strict !== undefined ? { strict: custom.strict } : {}),
    };
  }
  return tool as Tool;
}

/** `tool_choice` as the canonical choice and parallel-call setting. */
function canonicalToolChoice(choice: MessagesToolChoice): Pick<ResponsesRequest, 'tool_choice' | 'parallel_tool_calls'> {
  const parallel = 'disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use === true ? { parallel_tool_calls: false } : {};
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto', ...parallel };
    case 'any':
      return { tool_choice: 'required', ...parallel };
    case 'none':
      return { tool_choice: 'none' };
    case 'tool':
      return { tool_choice: { type: 'function', name: choice.name }, ...parallel };
  }
}

/** The system prompt as one instructions string (blocks joined by blank lines). */
function instructions(system: MessagesRequest['system']): string | undefined {
  if (system === undefined) return undefined;
  if (typeof system === 'string') return system;
  return system.map((b) => b.text).join('\n\n');
}

/**
 * A validated Messages request as the engine's canonical request, or a 400 for what the schema
 * cannot state: a thinking budget that leaves no room for the answer (Anthropic requires
 * `budget_tokens` < `max_tokens`), `fallbacks` together with `models` (the reference forbids it),
 * and a `tool_choice` naming a tool that `tools` does not have.
 *
 * Thinking is off unless asked (Anthropic's rule), even on a model that reasons by default:
 * `thinking` absent or `disabled` switches reasoning off; `enabled` bounds it by `budget_tokens`.
 *
 * @example
 * const canonical = toCanonicalRequest(MessagesRequestSchema.parse(body));
 * if (canonical instanceof GatewayError) throw canonical;
 */
export function toCanonicalRequest(messages: MessagesRequest): CanonicalMessagesRequest | GatewayError {
  const thinking = messages.thinking;
  if (thinking?.type === 'enabled' && messages.max_tokens !== undefined && thinking.budget_tokens >= messages.max_tokens) {
    return new GatewayError(400, `thinking.budget_tokens: must be less than max_tokens (got ${thinking.budget_tokens} >= ${messages.max_tokens})`);
  }
  const fallbacks = messages.fallbacks ?? [];
  if (fallbacks.length > 0 && messages.models !== undefined) {
    return new GatewayError(400, 'fallbacks: cannot be combined with models; list the models in one of them');
  }
  const choice = messages.tool_choice;
  if (choice?.type === 'tool' && !(messages.tools ?? []).some((t) => t.name === choice.name)) {
    return new GatewayError(400, `tool_choice.name: tool ${JSON.stringify(choice.name)} is not in tools`);
  }
  if (choice?.type === 'any' && (messages.tools ?? []).length === 0) {
    return new GatewayError(400, 'tool_choice: "any" requires a tool to be called, but tools is empty');
  }

  const request: ResponsesRequest = {};
  if (messages.model !== undefined) request.model = messages.model;
  const models = fallbacks.length > 0 && messages.model !== undefined ? [messages.model, ...fallbacks.map((f) => f.model)] : messages.models;
  if (models !== undefined) request.models = models;
  const system = instructions(messages.system);
  if (system !== undefined) request.instructions = system;
  request.input = messages.messages.flatMap(messageItems);
  // reference MessagesRequest: max_tokens is optional; without it, no budget beyond the model's own.
  if (messages.max_tokens !== undefined) request.max_output_tokens = messages.max_tokens;
  if (messages.tools !== undefined) request.tools = messages.tools.map(canonicalTool);
  if (choice !== undefined) Object.assign(request, canonicalToolChoice(choice));
  if (thinking?.type === 'enabled') request.reasoning = { max_tokens: thinking.budget_tokens, ...effort(messages) };
  else if (thinking?.type === 'adaptive') request.reasoning = { ...effort(messages) };
  else request.reasoning = { enabled: false };
  const format = messages.output_config?.format;
  if (format) request.text = { format: { type: 'json_schema', name: 'output', schema: format.schema, strict: true } };
  if (messages.temperature !== undefined) request.temperature = messages.temperature;
  if (messages.top_p !== undefined) request.top_p = messages.top_p;
  if (messages.top_k !== undefined) request.top_k = messages.top_k;
  const userId = messages.metadata?.user_id;
  // metadata.user_id: the end user (as `user`), and a metadata pair scripts can match.
  if (typeof userId === 'string') request.metadata = { user_id: userId };
  const user = messages.user ?? (typeof userId === 'string' ? userId : undefined);
  if (user !== undefined) request.user = user;
  if (messages.cache_control !== undefined) request.cache_control = messages.cache_control;
  if (messages.provider !== undefined) request.provider = messages.provider;
  if (messages.plugins !== undefined) request.plugins = messages.plugins;
  if (messages.session_id !== undefined) request.session_id = messages.session_id;
  if (messages.stream !== undefined) request.stream = messages.stream;
  if (messages.stop_sequences !== undefined && messages.stop_sequences.length > 0)
    (request as { stop_sequences?: readonly string[] }).stop_sequences = messages.stop_sequences;
  return { request };
}

/** `output_config.effort` as the reasoning effort (the canonical scale has the same words). */
function effort(messages: MessagesRequest): { effort?: 'low' | 'medium' | 'high' | 'xhigh' | 'max' } {
  const value = messages.output_config?.effort;
  return typeof value === 'string' ? { effort: value } : {};
}
