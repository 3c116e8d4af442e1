import { GatewayError } from '../errors/gateway-error.ts';
import type { GuardrailRecord } from './guardrail-record.ts';

/** The request texts a content filter reads are cut here (bounded work per request). */
export const MAX_SCANNED_CHARS = 1_000_000;

/** A provider as the catalogue gives it: its slug and whether it keeps no data (reference `zdr`). */
export interface PolicyProvider {
  readonly slug: string;
  readonly zdr: boolean;
}

/** The guardrail stage of spec 2.6 for one guardrail's verdict. */
export function guardrailStageOf(guardrail: GuardrailRecord, action: string, detected: boolean, engines: string[], patterns: string[], summary: string) {
  return {
    type: 'guardrail',
    name: guardrail.name,
    guardrail_id: guardrail.id,
    guardrail_scope: 'key',
    summary,
    data: { action, detected, engines, patterns },
  };
}

/**
 * The 403 of spec 7 for a request a guardrail blocks: `error.metadata.patterns`, and with the
 * metadata header enabled `gateway_metadata` whose pipeline holds the guardrail stage (spec 2.6).
 */
export function guardrailBlock(guardrail: GuardrailRecord, why: string, engine: string, patterns: string[], requested: string): GatewayError {
  const stage = guardrailStageOf(guardrail, 'block', true, [engine], patterns, why);
  return new GatewayError(403, `Request blocked by guardrail "${guardrail.name}": ${why}`, {
    metadata: { patterns },
    gatewayMetadata: { requested, strategy: 'direct', attempt: 0, is_byok: false, summary: 'Blocked by guardrail', pipeline: [stage] },
  });
}

/** A model id without its variant (`:free`, `:nitro`, ...). */
const baseModel = (id: string) => (id.includes(':') ? id.slice(0, id.indexOf(':')) : id);
const listed = (list: readonly string[], id: string) => list.includes(id) || list.includes(baseModel(id));

/** The first named model a guardrail refuses (allowed_models, ignored_models), with why. */
export function modelRefusal(
  guardrails: readonly GuardrailRecord[],
  models: readonly string[],
): { guardrail: GuardrailRecord; model: string; why: string } | undefined {
  for (const guardrail of guardrails) {
    for (const model of models) {
      if (guardrail.allowed_models && !listed(guardrail.allowed_models, model))
        return { guardrail, model, why: `model ${model} is not among its allowed_models` };
      if (guardrail.ignored_models && listed(guardrail.ignored_models, model)) return { guardrail, model, why: `model ${model} is among its ignored_models` };
    }
  }
  return undefined;
}

/** The first content filter with action `block` whose pattern matches the request's texts. */
export function contentRefusal(
  guardrails: readonly GuardrailRecord[],
  text: string,
): { guardrail: GuardrailRecord; pattern: string; label: string | null } | undefined {
  const scanned = text.length > MAX_SCANNED_CHARS ? text.slice(0, MAX_SCANNED_CHARS) : text;
  for (const guardrail of guardrails) {
    for (const filter of guardrail.content_filters ?? []) {
      if (filter.action !== 'block') continue;
      // Patterns were checked when saved (guardrail-pattern.ts): no catastrophic shapes.
      if (new RegExp(filter.pattern, 'iu').test(scanned)) return { guardrail, pattern: filter.pattern, label: filter.label ?? null };
    }
  }
  return undefined;
}

const ZDR_FLAGS = [
  ['enforce_zdr_openai', (slug: string) => slug === 'openai'],
  ['enforce_zdr_anthropic', (slug: string) => slug === 'anthropic'],
  ['enforce_zdr_google', (slug: string) => slug.startsWith('google')],
  ['enforce_zdr_xai', (slug: string) => slug === 'xai' || slug === 'x-ai'],
] as const;
const namedByZdrFlag = (slug: string) => ZDR_FLAGS.some(([, matches]) => matches(slug));

/** Whether a guardrail requires zero data retention of a provider (`enforce_zdr` for all, else per family). */
function requiresZdr(guardrail: GuardrailRecord, slug: string): boolean {
  if (guardrail.enforce_zdr === true) return true;
  for (const [flag, matches] of ZDR_FLAGS) if (matches(slug)) return guardrail[flag] === true;
  return !namedByZdrFlag(slug) && guardrail.enforce_zdr_other === true;
}

/**
 * The providers routing must leave out for these guardrails: those outside any `allowed_providers`,
 * those in `ignored_providers`, and those without zero data retention where ZDR is enforced. They
 * join the key's account-wide ignored providers (spec 2.4), so every surface's routing obeys them.
 */
export function excludedProviders(guardrails: readonly GuardrailRecord[], providers: readonly PolicyProvider[]): string[] {
  return providers
    .filter((p) =>
      guardrails.some(
        (g) =>
          (g.allowed_providers !== null && !g.allowed_providers.includes(p.slug)) ||
          (g.ignored_providers?.includes(p.slug) ?? false) ||
          (!p.zdr && requiresZdr(g, p.slug)),
      ),
    )
    .map((p) => p.slug);
}

/** The strings of a request body (prompts, messages, instructions), joined: what content filters read. */
export function requestText(body: unknown, budget = MAX_SCANNED_CHARS): string {
  const parts: string[] = [];
  let left = budget;
  const walk = (value: unknown, depth: number): void => {
    if (left <= 0 || depth > 64) return;
    if (typeof value === 'string') {
      parts.push(value.slice(0, left));
      left -= value.length;
    } else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (typeof value === 'object' && value !== null)
      for (const [name, item] of Object.entries(value)) if (name !== 'model' && name !== 'models') walk(item, depth + 1);
  };
  walk(body, 0);
  return parts.join('\n');
}
