import { z } from 'zod';
import { statusesFor } from '../errors/documented-statuses.ts';
import { MAX_RETRY_AFTER_MS } from '../errors/retry-after.ts';
import { formatZodError, gatewayZodErrorMap } from '../errors/format-zod-error.ts';
import { regexSafetyProblem } from './regex-safety.ts';

const RESPONSE_STATUSES = statusesFor('responses');

function validRegex(source: string, flags: string | undefined): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A text matcher: a string matches as a case-insensitive substring; `{regex, flags}` as a RegExp. */
export const TextPatternSchema = z.union([
  z.string(),
  z
    .strictObject({
      regex: z.string(),
      flags: z
        .string()
        .regex(/^[dgimsuvy]*$/, 'flags: only the letters d, g, i, m, s, u, v, y')
        .optional(),
    })
    .superRefine((p, ctx) => {
      const problem = validRegex(p.regex, p.flags);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['regex'], message: `not a valid regular expression (${problem})` });
        return;
      }
      // Matched against request text of up to the body limit: refused if it can backtrack catastrophically (F13).
      const unsafe = regexSafetyProblem(p.regex, p.flags);
      if (unsafe) ctx.addIssue({ code: 'custom', path: ['regex'], message: unsafe });
    }),
]);
export type TextPattern = z.infer<typeof TextPatternSchema>;

/** When a rule applies. Every given condition must hold; an empty match applies to every request. */
export const ScriptMatchSchema = z.strictObject({
  /** The requested `model` (or the routed model id) equals this, or matches the pattern. */
  model: TextPatternSchema.optional(),
  /** The text of the last user message contains this substring (any case), or matches the regex. */
  input: TextPatternSchema.optional(),
  /** Each entry equals the request's `metadata` entry. */
  metadata: z.record(z.string(), z.string()).optional(),
  /** Each request header (name in any case) has exactly this value. */
  headers: z.record(z.string(), z.string()).optional(),
});

const FunctionCallReply = z.strictObject({
  type: z.literal('function_call'),
  name: z.string().min(1),
  /** An object, or its JSON text. Default `{}`. */
  arguments: z
    .union([
      z.record(z.string(), z.unknown()),
      z.string().refine((s) => {
        try {
          const v: unknown = JSON.parse(s);
          return typeof v === 'object' && v !== null && !Array.isArray(v);
        } catch {
          return false;
        }
      }, 'must be the JSON text of an object'),
    ])
    .optional(),
});

/** What the model answers. */
export const ScriptReplySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string() }),
  FunctionCallReply,
  z.strictObject({ type: z.literal('function_calls'), calls: z.array(FunctionCallReply.omit({ type: true })).min(1) }),
  z.strictObject({ type: z.literal('reasoning'), reasoning: z.string(), summary: z.string().optional(), text: z.string().optional() }),
  z.strictObject({ type: z.literal('refusal'), refusal: z.string() }),
  z.strictObject({
    type: z.literal('error'),
    status: z
      .number()
      .int()
      .refine((s) => RESPONSE_STATUSES.includes(s), `must be a documented status of POST /responses (one of ${RESPONSE_STATUSES.join(', ')})`),
    message: z.string().min(1).optional(),
    /** `error.metadata` of the envelope (spec 7). */
    metadata: z.record(z.string(), z.unknown()).optional(),
    /**
     * The retry delay the answer advertises (`Retry-After` in seconds rounded up, and
     * `retry-after-ms`). Default for 429 and 503: 10 ms. Any status may carry one.
     */
    retryAfterMs: z.number().int().min(0).max(MAX_RETRY_AFTER_MS).optional(),
  }),
]);

/** A scripted reply: for requests that match, answer this instead of the generated reply. */
export const ScriptRuleSchema = z.strictObject({
  /** A name for the rule (shown in listings and error messages). */
  id: z.string().min(1).optional(),
  match: ScriptMatchSchema.default({}),
  reply: ScriptReplySchema,
  /** How many requests the rule answers; default unlimited. */
  times: z.number().int().positive().optional(),
});

export type ScriptRule = z.infer<typeof ScriptRuleSchema>;
export type ScriptRuleInput = z.input<typeof ScriptRuleSchema>;
export type ScriptReply = z.infer<typeof ScriptReplySchema>;

/**
 * Validate one rule. Throws a TypeError naming the path of the first problem
 * (`reply.status: must be a documented status ...`).
 *
 * @example
 * parseScriptRule({ match: { input: 'weather' }, reply: { type: 'text', text: 'Sunny.' } });
 */
export function parseScriptRule(input: unknown, label = 'script'): ScriptRule {
  const parsed = ScriptRuleSchema.safeParse(input, { error: gatewayZodErrorMap });
  if (!parsed.success) throw new TypeError(`Invalid ${label}: ${formatZodError(parsed.error)}`);
  return parsed.data;
}

/** Invalid rules named one per line by {@link parseScriptsFile}; the rest are counted. */
export const MAX_LISTED_BAD_RULES = 10;

/**
 * Validate a scripts file's content: a JSON array of rules, or `{"scripts": [...]}`. Every invalid
 * rule is reported, one line each naming the file, the rule (index and id) and the path, e.g.
 * `scripts.json: scripts[2] ("refuse-weather"): reply.refusal: required (expected string)`; past
 * the first ten a last line counts the others. Throws an Error with those lines.
 *
 * @example
 * const scripts = parseScriptsFile(readFileSync('scripts.json', 'utf8'), 'scripts.json');
 * createGateway({ scripts });
 */
export function parseScriptsFile(text: string, fileName: string): ScriptRule[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${fileName}: not valid JSON (${(e as Error).message})`);
  }
  const list = Array.isArray(json)
    ? json
    : typeof json === 'object' && json !== null && Array.isArray((json as { scripts?: unknown }).scripts)
      ? (json as { scripts: unknown[] }).scripts
      : undefined;
  if (!list) throw new Error(`${fileName}: expected a JSON array of script rules, or {"scripts": [...]}`);
  const rules: ScriptRule[] = [];
  const problems: string[] = [];
  let bad = 0;
  list.forEach((rule, index) => {
    const parsed = ScriptRuleSchema.safeParse(rule, { error: gatewayZodErrorMap });
    if (parsed.success) {
      rules.push(parsed.data);
      return;
    }
    // Every bad rule is counted; only the first few are described, so the output stays short.
    if (++bad > MAX_LISTED_BAD_RULES) return;
    const id = typeof rule === 'object' && rule !== null && typeof (rule as { id?: unknown }).id === 'string' ? ` ("${(rule as { id: string }).id}")` : '';
    problems.push(`${fileName}: scripts[${index}]${id}: ${formatZodError(parsed.error)}`);
  });
  if (bad > MAX_LISTED_BAD_RULES) problems.push(`${fileName}: ... and ${bad - MAX_LISTED_BAD_RULES} more invalid rules (${bad} of ${list.length} in all)`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return rules;
}
