import { GatewayError } from '../errors/gateway-error.ts';
import type { NewPresetVersion } from './preset-record.ts';

/** The inference surfaces a preset is made from and applied to. */
export type PresetSurface = 'chat' | 'messages' | 'responses';

/**
 * The members of an inference body a preset keeps (reference createPresetsChatCompletions: "Only
 * fields that overlap with the preset config are persisted; other fields (e.g. `messages`,
 * `stream`, `prompt`) are silently ignored"). They are kept in chat's terms: `max_tokens` for the
 * answer's budget (Responses' `max_output_tokens`), `stop` for stop sequences (Messages'
 * `stop_sequences`), so one preset applies to every surface.
 */
export const PRESET_CONFIG_MEMBERS = [
  'model',
  'models',
  'provider',
  'plugins',
  'reasoning',
  'temperature',
  'top_p',
  'top_k',
  'min_p',
  'top_a',
  'frequency_penalty',
  'presence_penalty',
  'repetition_penalty',
  'seed',
  'max_tokens',
  'stop',
] as const;

/** Each surface's name for a kept member, where it differs from chat's. */
export const SURFACE_NAMES: Record<PresetSurface, Partial<Record<(typeof PRESET_CONFIG_MEMBERS)[number], string>>> = {
  chat: {},
  messages: { stop: 'stop_sequences' },
  responses: { max_tokens: 'max_output_tokens' },
};

/** The text of a system prompt given as a string or as text parts/blocks (`{ type: 'text', text }`). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (part !== null && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** The system prompt of a body: chat's system and developer messages, Messages' `system`, Responses' `instructions`. */
function systemPromptOf(surface: PresetSurface, body: Record<string, unknown>): string | null {
  let text = '';
  if (surface === 'chat' && Array.isArray(body.messages)) {
    text = body.messages
      .filter(
        (m): m is { role: string; content: unknown } =>
          m !== null && typeof m === 'object' && ['system', 'developer'].includes((m as { role?: string }).role ?? ''),
      )
      .map((m) => textOf(m.content))
      .filter((t) => t !== '')
      .join('\n\n');
  } else if (surface === 'messages') text = textOf(body.system);
  else if (surface === 'responses' && typeof body.instructions === 'string') text = body.instructions;
  return text === '' ? null : text;
}

/** Chat's own budget names folded into `max_tokens` (the newer `max_completion_tokens` when both are given). */
function budgetOf(surface: PresetSurface, body: Record<string, unknown>): unknown {
  if (surface === 'chat') return body.max_completion_tokens ?? body.max_tokens;
  return body[SURFACE_NAMES[surface].max_tokens ?? 'max_tokens'];
}

/**
 * The version a validated inference body makes (reference createPresets*): the kept members in
 * chat's terms and the system prompt. A body whose model is itself a preset is a 400 (a preset
 * never names another: no chains, no loops).
 *
 * @example
 * presetFromBody('responses', { model: 'openai/gpt-4o', instructions: 'Be terse.', max_output_tokens: 50, input: 'Hi' });
 * // { system_prompt: 'Be terse.', config: { model: 'openai/gpt-4o', max_tokens: 50 } }
 */
export function presetFromBody(surface: PresetSurface, body: Record<string, unknown>): NewPresetVersion {
  if (typeof body.model === 'string' && body.model.includes('@preset/')) {
    throw new GatewayError(400, `model: a preset cannot name another preset (got ${JSON.stringify(body.model)})`);
  }
  const config: Record<string, unknown> = {};
  for (const member of PRESET_CONFIG_MEMBERS) {
    const value = member === 'max_tokens' ? budgetOf(surface, body) : body[SURFACE_NAMES[surface][member] ?? member];
    if (value !== undefined && value !== null) config[member] = member === 'stop' && typeof value === 'string' ? [value] : value;
  }
  return { system_prompt: systemPromptOf(surface, body), config };
}
