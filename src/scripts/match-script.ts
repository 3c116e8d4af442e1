import type { ScriptRule, TextPattern } from './script-rule.ts';

/** What a rule is matched against. */
export interface ScriptMatchInput {
  /** The request's `model` (may be undefined when only `models` was sent). */
  requestedModel: string | undefined;
  /** The catalogue model the request was routed to. */
  routedModel: string;
  /** Text of the last user message. */
  lastUserText: string;
  metadata: Record<string, string> | null | undefined;
  headers: Headers;
}

/** Whether `text` matches: a string as a case-insensitive substring (exact for models), or a regex. */
export function matchesPattern(pattern: TextPattern, text: string, exact = false): boolean {
  if (typeof pattern === 'string') return exact ? text === pattern : text.toLowerCase().includes(pattern.toLowerCase());
  // Built per call: a RegExp with the g or y flag keeps lastIndex state between calls.
  return new RegExp(pattern.regex, pattern.flags).test(text);
}

/**
 * Whether every condition of `rule.match` holds (spec-free: a simulator feature). `model` is
 * compared with both the requested and the routed model, exactly for a string.
 */
export function matchesScript(rule: ScriptRule, input: ScriptMatchInput): boolean {
  const m = rule.match;
  if (m.model !== undefined) {
    const candidates = [input.requestedModel, input.routedModel].filter((x): x is string => x !== undefined);
    if (!candidates.some((c) => matchesPattern(m.model as TextPattern, c, true))) return false;
  }
  if (m.input !== undefined && !matchesPattern(m.input, input.lastUserText)) return false;
  if (m.metadata) {
    for (const [key, value] of Object.entries(m.metadata)) if (input.metadata?.[key] !== value) return false;
  }
  if (m.headers) {
    for (const [name, value] of Object.entries(m.headers)) if (input.headers.get(name) !== value) return false;
  }
  return true;
}
