import type { z } from 'zod';
import { ResponsesRequestSchema, type ResponsesRequest } from '../schemas/responses-request.ts';
import { scalarRule, type ScalarRule } from './scalar-rule.ts';

/** The fields a small body may hold: the scalar members most requests send and nothing else. */
const PLAIN_FIELD_NAMES = new Set(['input', 'instructions', 'max_output_tokens', 'model', 'stream', 'temperature', 'top_p']);

/**
 * Each small-body field with its rule as the schema states it (spec 2.1), in the schema's order (the
 * order zod's output has them). Read from the schema once: a field whose rule is not one
 * {@link scalarRule} reads is left to the schema, so this file states no rule of its own.
 */
const SMALL_BODY_FIELDS: ReadonlyArray<readonly [string, ScalarRule]> = Object.entries(ResponsesRequestSchema.shape as Record<string, z.ZodType>).flatMap(
  ([name, schema]) => {
    const rule = PLAIN_FIELD_NAMES.has(name) ? scalarRule(schema) : undefined;
    return rule ? [[name, rule] as const] : [];
  },
);
const RULES = new Map(SMALL_BODY_FIELDS);

/** The names of the small-body fields, for tests. */
export const smallBodyFieldNames = (): string[] => SMALL_BODY_FIELDS.map(([name]) => name);

/**
 * The request as the schema would give it, for the most common body: an object holding only a
 * few scalar fields (`model`, a string `input`, `stream`, `instructions`, `temperature`, `top_p`,
 * `max_output_tokens`) that all keep their schema rules. Anything else (another field, a wrong
 * type, an array input) is `undefined`, and the full schema judges it, so every error still comes
 * from one place. Running the whole schema on such a body cost more than answering it; a property
 * test holds the two to the same output, key order included.
 *
 * @example
 * smallBodyRequest({ model: 'openai/gpt-5-mini', input: 'hi' }); // { input: 'hi', model: 'openai/gpt-5-mini' }
 * smallBodyRequest({ model: 'm', input: [] }); // undefined: the schema decides
 */
export function smallBodyRequest(body: unknown): ResponsesRequest | undefined {
  if (typeof body !== 'object' || body === null || Object.getPrototypeOf(body) !== Object.prototype) return undefined;
  const record = body as Record<string, unknown>;
  let fields = 0;
  for (const key in record) {
    const rule = RULES.get(key);
    if (rule === undefined || !Object.hasOwn(record, key) || !rule(record[key])) return undefined;
    fields++;
  }
  const out: Record<string, unknown> = {};
  if (fields === 0) return out as ResponsesRequest;
  for (const [key] of SMALL_BODY_FIELDS) if (Object.hasOwn(record, key)) out[key] = record[key];
  return out as ResponsesRequest;
}
