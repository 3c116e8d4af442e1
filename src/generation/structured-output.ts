import type { ResponsesRequest } from '../schemas/responses-request.ts';
import type { SeededRandom } from '../random/seeded-random.ts';
import { jsonSchemaInstance } from './json-schema-instance.ts';
import { promptHints } from './prompt-hints.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The answer text a JSON `text.format` asks for (reference `Formats`), or undefined for plain
 * text. `json_schema` (strict or not): an instance of the schema from the one bounded generator
 * (json-schema-instance.ts: nested objects, bounded arrays, enums, `pattern` via randexp,
 * `format`, anyOf/oneOf, $ref/$defs), with top-level string members named after what the prompt
 * mentions filled from it (`city` is "Paris" when the prompt names Paris); a schema that cannot
 * be satisfied within the generation budget is a 422 naming `text.format.schema` and the path.
 * `json_object`: an object holding the plain-text answer. Compact JSON, as models emit it.
 *
 * @example
 * structuredAnswer({ text: { format: { type: 'json_schema', name: 'w', schema: { type: 'object',
 *   properties: { city: { type: 'string' } }, required: ['city'] } } } }, 'Weather in Paris?', 'It is mild.', rng);
 * // '{"city":"Paris"}'
 */
export function structuredAnswer(request: Pick<ResponsesRequest, 'text'>, prompt: string, unstructuredAnswer: string, rng: SeededRandom): string | undefined {
  const format = request.text?.format;
  if (!format || format.type === 'text') return undefined;
  if (format.type === 'json_object') return JSON.stringify({ answer: unstructuredAnswer });
  const schema = isRecord(format.schema) ? promptHints(format.schema, prompt) : {};
  return JSON.stringify(jsonSchemaInstance(schema, rng, 'text.format.schema'));
}
