import type { GuardrailRecord } from './guardrail-record.ts';

/** Strings longer than this are redacted in their first part only (bounded work per request, as scanning is). */
const MAX_REDACTED_CHARS = 1_000_000;

interface Redaction {
  readonly pattern: RegExp;
  readonly placeholder: string;
}

/** The `redact` content filters of the guardrails, each with its placeholder: `[LABEL]`, else `[REDACTED]`. */
function redactions(guardrails: readonly GuardrailRecord[]): Redaction[] {
  return guardrails.flatMap((guardrail) =>
    (guardrail.content_filters ?? [])
      .filter((filter) => filter.action === 'redact')
      // Patterns were checked when saved (guardrail-pattern.ts): no catastrophic shapes.
      .map((filter) => ({ pattern: new RegExp(filter.pattern, 'giu'), placeholder: `[${(filter.label ?? 'redacted').toUpperCase()}]` })),
  );
}

/**
 * The request body with every match of the guardrails' `redact` content filters (reference
 * ContentFilterEntry `action: redact`) replaced by its placeholder in the texts a model reads
 * (every string but `model` and `models`), or undefined when nothing matched. The model, the
 * journal and the generation's stored prompt see only the redacted text.
 *
 * @example
 * redactBody([guardrail], { model: 'm', input: 'mail me at a@b.test' });
 * // { model: 'm', input: 'mail me at [EMAIL]' } (a filter { pattern: '\\S+@\\S+', action: 'redact', label: 'email' })
 */
export function redactBody(guardrails: readonly GuardrailRecord[], body: unknown): unknown {
  const rules = redactions(guardrails);
  if (rules.length === 0) return undefined;
  let changed = false;
  const redactText = (text: string) => {
    let out = text.length > MAX_REDACTED_CHARS ? text.slice(0, MAX_REDACTED_CHARS) : text;
    for (const { pattern, placeholder } of rules) out = out.replace(pattern, placeholder);
    if (text.length > MAX_REDACTED_CHARS) out += text.slice(MAX_REDACTED_CHARS);
    if (out !== text) changed = true;
    return out;
  };
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return redactText(value);
    if (depth > 64 || typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      // Own data members only; a `__proto__` name stays a member (defineProperty), never a prototype.
      Object.defineProperty(copy, name, {
        value: name === 'model' || name === 'models' ? item : walk(item, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  };
  const redacted = walk(body, 0);
  return changed ? redacted : undefined;
}
