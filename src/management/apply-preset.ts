import { GatewayError } from '../errors/gateway-error.ts';
import { PRESET_CONFIG_MEMBERS, SURFACE_NAMES, type PresetSurface } from './preset-config.ts';
import type { PresetVersionRecord } from './preset-record.ts';
import type { PresetStore } from './preset-store.ts';

const MARK = '@preset/';

/** A model naming a preset: `@preset/<slug>`, or `<model>@preset/<slug>` (the request's own model, the preset's settings). */
export interface PresetReference {
  slug: string;
  model?: string;
}

/**
 * The preset a request's `model` names, or undefined when it names none.
 *
 * @example
 * presetReference('@preset/terse'); // { slug: 'terse' }
 * presetReference('openai/gpt-4o@preset/terse'); // { slug: 'terse', model: 'openai/gpt-4o' }
 */
export function presetReference(model: unknown): PresetReference | undefined {
  if (typeof model !== 'string') return undefined;
  const at = model.indexOf(MARK);
  if (at < 0) return undefined;
  const slug = model.slice(at + MARK.length);
  return at > 0 ? { slug, model: model.slice(0, at) } : { slug };
}

/** The preset's system prompt before the request's own: a system message, `system` text or block, or `instructions`. */
function withSystemPrompt(surface: PresetSurface, body: Record<string, unknown>, prompt: string): void {
  if (surface === 'chat') {
    body.messages = [{ role: 'system', content: prompt }, ...(Array.isArray(body.messages) ? body.messages : [])];
  } else if (surface === 'messages') {
    const own = body.system;
    if (Array.isArray(own)) body.system = [{ type: 'text', text: prompt }, ...own];
    else body.system = typeof own === 'string' && own !== '' ? `${prompt}\n\n${own}` : prompt;
  } else {
    const own = body.instructions;
    body.instructions = typeof own === 'string' && own !== '' ? `${prompt}\n\n${own}` : prompt;
  }
}

/** Whether the request already sets the member (chat's budget has two names). */
function requestSets(surface: PresetSurface, body: Record<string, unknown>, member: string, name: string): boolean {
  if (surface === 'chat' && member === 'max_tokens') return body.max_tokens != null || body.max_completion_tokens != null;
  return body[name] !== undefined;
}

/**
 * The request as the preset's version makes it (the merge rule, docs/decisions/0076):
 * 1. the request's own members win: each member the preset keeps applies only where the request
 *    does not set it (in the surface's own name: `max_output_tokens`, `stop_sequences`);
 * 2. the model: the request's own (`<model>@preset/<slug>`), else the preset's `model`, else the
 *    first of its `models` (which, when the request gives none, becomes the route); none is a 400;
 * 3. the preset's system prompt comes first, before the request's own system content.
 *
 * @example
 * applyPreset('chat', { model: '@preset/terse', messages }, version, { slug: 'terse' });
 */
export function applyPreset(
  surface: PresetSurface,
  request: Record<string, unknown>,
  version: PresetVersionRecord,
  ref: PresetReference,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...request };
  const config = version.config;
  for (const member of PRESET_CONFIG_MEMBERS) {
    if (member === 'model' || config[member] === undefined) continue;
    const name = SURFACE_NAMES[surface][member] ?? member;
    if (!requestSets(surface, body, member, name)) body[name] = config[member];
  }
  const models = Array.isArray(body.models) ? (body.models as unknown[]) : [];
  const model = ref.model ?? (typeof config.model === 'string' ? config.model : undefined) ?? (typeof models[0] === 'string' ? models[0] : undefined);
  if (model === undefined) {
    throw new GatewayError(400, `model: preset ${JSON.stringify(ref.slug)} names no model: name one as <model>@preset/${ref.slug}`);
  }
  body.model = model;
  if (version.system_prompt !== null) withSystemPrompt(surface, body, version.system_prompt);
  return body;
}

/**
 * A request body whose `model` names a preset, with the preset's latest version applied (an
 * O(1) lookup by slug); undefined for any other body. An unknown (or not active) preset is a 404.
 *
 * @example
 * const body = requestWithPreset(env.presets, 'chat', await ctx.json()) ?? original;
 */
export function requestWithPreset(presets: Pick<PresetStore, 'latest'>, surface: string, body: unknown): Record<string, unknown> | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !isPresetSurface(surface)) return undefined;
  const ref = presetReference((body as { model?: unknown }).model);
  if (!ref) return undefined;
  const version = presets.latest(ref.slug);
  if (!version)
    throw new GatewayError(
      404,
      `model: no preset ${JSON.stringify(ref.slug)} (create it with POST /presets/${encodeURIComponent(ref.slug)}/${surface === 'chat' ? 'chat/completions' : surface})`,
    );
  return applyPreset(surface, body as Record<string, unknown>, version, ref);
}

const isPresetSurface = (surface: string): surface is PresetSurface => surface === 'chat' || surface === 'messages' || surface === 'responses';
