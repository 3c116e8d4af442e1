import type { Judgement } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { JsonFormat } from '../../arbitraries/structured-output-formats.ts';
import { jsonSchemaValidator } from '../../oracles/json-schema-validator.ts';
import { tieredSafeParse } from '../../oracles/tiered-safe-parse.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text of the result's message output parts, joined. */
function outputText(result: Record<string, unknown>): string {
  const items = Array.isArray(result.output) ? result.output : [];
  return items
    .flatMap((item) => (isObject(item) && item.type === 'message' && Array.isArray(item.content) ? item.content : []))
    .flatMap((part) => (isObject(part) && part.type === 'output_text' && typeof part.text === 'string' ? [part.text] : []))
    .join('');
}

/**
 * spec 2.1 note A (reference `Formats`): a completed answer to a JSON `text.format` is JSON text:
 * an object for `json_object`, an instance of the schema for `json_schema` (checked with zod's
 * JSON Schema reader, not the simulator's generator). A cut (incomplete) answer cannot be judged.
 *
 * @example
 * structuredOutputProblems(exchange, { type: 'json_object' }); // [] when the text is a JSON object
 */
export function structuredOutputProblems(answer: Answer, format: JsonFormat): Judgement {
  if (answer.status < 200 || answer.status >= 300) return { inconclusive: `the request was not served (HTTP ${answer.status})`, owner: 'result.shape' };
  const result = exchangeJson(answer);
  if (!isObject(result) || result.object !== 'response') return { inconclusive: 'the answer is not a Responses result', owner: 'result.shape' };
  if (result.status !== 'completed') return { inconclusive: `the answer is ${String(result.status)}, so its JSON may be cut`, owner: 'result.status' };
  const text = outputText(result);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [`text.format ${format.type}: the output text is not JSON: ${JSON.stringify(text.slice(0, 120))}`];
  }
  if (format.type === 'json_object') return isObject(value) ? [] : [`text.format json_object: the output is JSON but not an object: ${text.slice(0, 120)}`];
  const checked = tieredSafeParse(jsonSchemaValidator(format.schema), value);
  if (checked.success) return [];
  return checked.error.issues
    .slice(0, 3)
    .map((i) => `text.format json_schema "${format.name}": ${i.path.join('.') || '(root)'}: ${i.message} in ${text.slice(0, 120)}`);
}
