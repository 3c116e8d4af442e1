import type { ResponsesRequest } from '../schemas/responses-request.ts';

/**
 * The fields a plain request may hold, in the schema's order (the order zod's output has them),
 * each with the rule the schema states for it (spec 2.1).
 */
const PLAIN_FIELDS: ReadonlyArray<readonly [string, (value: unknown) => boolean]> = [
  ['input', (v) => typeof v === 'string'],
  ['instructions', (v) => v === null || typeof v === 'string'],
  ['max_output_tokens', (v) => v === null || (Number.isSafeInteger(v) && (v as number) >= 0)],
  ['model', (v) => typeof v === 'string'],
  ['stream', (v) => typeof v === 'boolean'],
  ['temperature', (v) => v === null || (typeof v === 'number' && Number.isFinite(v))],
  ['top_p', (v) => v === null || (typeof v === 'number' && Number.isFinite(v))],
];
const RULES = new Map(PLAIN_FIELDS);

/**
 * The request as the schema would give it, for the most common body: an object holding only a
 * few scalar fields (`model`, a string `input`, `stream`, `instructions`, `temperature`, `top_p`,
 * `max_output_tokens`) that all keep their rules. Anything else (another field, a wrong type, an
 * array input) is `undefined`, and the full schema judges it, so every error still comes from one
 * place. Running the whole schema on such a body cost more than answering it; a property test
 * holds the two to the same output, key order included.
 *
 * @example
 * plainResponsesRequest({ model: 'openai/gpt-5-mini', input: 'hi' }); // { input: 'hi', model: 'openai/gpt-5-mini' }
 * plainResponsesRequest({ model: 'm', input: [] }); // undefined: the schema decides
 */
export function plainResponsesRequest(body: unknown): ResponsesRequest | undefined {
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
  for (const [key] of PLAIN_FIELDS) if (Object.hasOwn(record, key)) out[key] = record[key];
  return out as ResponsesRequest;
}
