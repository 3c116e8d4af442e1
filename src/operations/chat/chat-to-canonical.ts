import type { CanonicalRequest } from '../../engine/canonical-request.ts';
import type { ChatContentPart, ChatMessage, ChatRequest, ChatResponseFormat, ChatTool, ChatToolChoice } from '../../schemas/chat-request.ts';

type Item = Record<string, unknown>;

/** A chat content part as the Responses input part of the same meaning (spec 2.3 content parts). */
function inputPart(part: ChatContentPart): Item {
  switch (part.type) {
    case 'text': {
      const { type: _type, ...rest } = part;
      return { type: 'input_text', ...rest };
    }
    case 'image_url':
      return { type: 'input_image', image_url: part.image_url.url, detail: part.image_url.detail ?? 'auto' };
    case 'input_audio':
      return { type: 'input_audio', input_audio: { data: part.input_audio.data, format: part.input_audio.format } };
    case 'file': {
      const { file_data: data, file_id: id, filename } = part.file;
      // reference `ChatContentFile.file_data`: "base64 data URL or URL".
      const byUrl = typeof data === 'string' && /^https?:\/\//i.test(data);
      return {
        type: 'input_file',
        ...(filename !== undefined ? { filename } : {}),
        ...(data !== undefined ? (byUrl ? { file_url: data } : { file_data: data }) : {}),
        ...(id !== undefined ? { file_id: id } : {}),
      };
    }
    default:
      return { type: 'input_video', video_url: part.video_url.url };
  }
}

function content(value: string | ChatContentPart[]): string | Item[] {
  return typeof value === 'string' ? value : value.map(inputPart);
}

/** An assistant turn's own text parts as output parts, the shape /responses takes them back in. */
function assistantContent(value: string | ChatContentPart[]): string | Item[] {
  if (typeof value === 'string') return value;
  return value.map((part) => (part.type === 'text' ? { type: 'output_text', text: part.text, annotations: [] } : inputPart(part)));
}

/**
 * The chat messages as Responses input items, in order: system, developer and user messages as
 * messages of that role; an assistant turn as its message (when it said something) followed by
 * one `function_call` per tool call; a tool message as the `function_call_output` of its call.
 */
export function chatInput(messages: readonly ChatMessage[]): Item[] {
  const items: Item[] = [];
  for (const m of messages) {
    if (m.role === 'tool') {
      items.push({ type: 'function_call_output', call_id: m.tool_call_id, output: typeof m.content === 'string' ? m.content : m.content.map(inputPart) });
    } else if (m.role === 'assistant') {
      const said = m.content !== undefined && m.content !== null && m.content !== '' ? assistantContent(m.content) : undefined;
      const refusal = typeof m.refusal === 'string' && m.refusal !== '' ? m.refusal : undefined;
      if (said !== undefined || refusal !== undefined) {
        const parts: Item[] = typeof said === 'string' ? [{ type: 'output_text', text: said, annotations: [] }] : (said ?? []);
        items.push({ role: 'assistant', content: refusal !== undefined ? [...parts, { type: 'refusal', refusal }] : typeof said === 'string' ? said : parts });
      }
      for (const call of m.tool_calls ?? [])
        items.push({ type: 'function_call', call_id: call.id, name: call.function.name, arguments: call.function.arguments });
    } else {
      items.push({ role: m.role, content: content(m.content) });
    }
  }
  return items;
}

/** A chat tool as the Responses tool: a function's members one level up; server tools as sent. */
function canonicalTool(tool: ChatTool): Item {
  if (tool.type !== 'function' || !('function' in tool)) return tool;
  const { function: fn, type: _type, ...rest } = tool as Extract<ChatTool, { function: unknown }>;
  return { type: 'function', ...fn, ...rest };
}

function canonicalToolChoice(choice: ChatToolChoice): unknown {
  if (typeof choice === 'string') return choice;
  if (choice.type === 'function' && 'function' in choice) return { type: 'function', name: (choice.function as { name: string }).name };
  return choice;
}

/**
 * `response_format` as the Responses `text.format` (reference `Formats`). A `json_schema`
 * without a schema asks for any JSON object, as `json_object` does; `grammar` and `python` are
 * accepted but not simulated (a text answer).
 */
function textFormat(format: ChatResponseFormat): Item | undefined {
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') {
    const { name, schema, strict, description } = format.json_schema;
    if (schema === undefined) return { type: 'json_object' };
    return { type: 'json_schema', name, schema, ...(strict !== undefined ? { strict } : {}), ...(description !== undefined ? { description } : {}) };
  }
  return format.type === 'text' ? { type: 'text' } : undefined;
}

/** Chat members that are the same member, under the same name, on the canonical request. */
const SAME_NAME = [
  'model',
  'models',
  'cache_control',
  'frequency_penalty',
  'image_config',
  'metadata',
  'parallel_tool_calls',
  'plugins',
  'presence_penalty',
  'prompt_cache_key',
  'prompt_cache_options',
  'provider',
  'route',
  'session_id',
  'stop_server_tools_when',
  'temperature',
  'top_k',
  'top_logprobs',
  'top_p',
  'trace',
  'user',
  // Chat-only members the engine keeps as sent (the canonical request is open): they key the
  // seeded content as any member does, so a different `seed` gives a different reply.
  'seed',
  'logprobs',
  'logit_bias',
  'min_p',
  'top_a',
  'repetition_penalty',
  'prediction',
] as const;

/**
 * The chat request as the canonical request (docs/decisions/0028-one-engine-canonical-request.md).
 * `messages` -> `input` items, `max_completion_tokens` (else `max_tokens`) -> `max_output_tokens`,
 * `response_format` -> `text.format`, `reasoning_effort` -> `reasoning.effort`, tools and
 * `tool_choice` one level flatter, `service_tier: fast` -> `priority`; `stream` and `debug` as
 * they are. Only members the client sent are set, so a /responses request with the same input
 * items and settings is the same canonical request, and gets the same reply.
 *
 * @example
 * chatToCanonical({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] });
 * // { model: 'openai/gpt-4o-mini', input: [{ role: 'user', content: 'Hi' }] }
 */
export function chatToCanonical(chat: ChatRequest): CanonicalRequest {
  const out: Item = {};
  for (const key of SAME_NAME) if (chat[key] !== undefined) out[key] = chat[key];
  out.input = chatInput(chat.messages);
  const max = chat.max_completion_tokens ?? chat.max_tokens;
  if (max !== undefined && max !== null) out.max_output_tokens = max;
  if (chat.tools !== undefined) out.tools = chat.tools.map(canonicalTool);
  if (chat.tool_choice !== undefined) out.tool_choice = canonicalToolChoice(chat.tool_choice);
  const format = chat.response_format ? textFormat(chat.response_format) : undefined;
  if (format) out.text = { format };
  const effort = chat.reasoning?.effort ?? chat.reasoning_effort;
  if (chat.reasoning !== undefined && chat.reasoning !== null)
    out.reasoning = effort !== undefined && effort !== null ? { ...chat.reasoning, effort } : chat.reasoning;
  else if (effort !== undefined && effort !== null) out.reasoning = { effort };
  if (chat.service_tier !== undefined) out.service_tier = chat.service_tier === 'fast' ? 'priority' : chat.service_tier;
  if (chat.modalities !== undefined) out.modalities = chat.modalities.filter((m) => m !== 'audio');
  const stops = chat.stop === undefined || chat.stop === null ? [] : (typeof chat.stop === 'string' ? [chat.stop] : chat.stop).filter((s) => s !== '');
  if (stops.length > 0) out.stop_sequences = stops;
  if (chat.stream !== undefined) out.stream = chat.stream;
  if (chat.debug !== undefined) out.debug = chat.debug;
  return out as CanonicalRequest;
}
