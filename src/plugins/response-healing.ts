import type { ResponsesRequest } from '../schemas/responses-request.ts';
import { textFormatType } from '../request/read-options.ts';
import { healJson } from './heal-json.ts';
import type { PipelineStage } from './pipeline-stage.ts';

export interface ResponseHealingResult {
  stage: PipelineStage;
  transformOutputText?: (text: string) => string;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * response-healing (spec 2.5): when `text.format` asks for JSON (`json_object` or `json_schema`),
 * the final output text is repaired with healJson (left unchanged when it cannot be repaired).
 * Without a JSON format there is nothing to heal; the stage says so.
 *
 * @example
 * responseHealing({ text: { format: { type: 'json_object' } } }).transformOutputText?.('{"a":1,'); // '{"a":1}'
 */
export function responseHealing(request: ResponsesRequest): ResponseHealingResult {
  const format = textFormatType(request);
  if (format !== 'json_object' && format !== 'json_schema') {
    return {
      stage: { type: 'response_healing', name: 'response-healing', summary: 'No JSON output format requested; nothing to heal', data: { applied: false } },
    };
  }
  return {
    stage: {
      type: 'response_healing',
      name: 'response-healing',
      summary: `Output will be repaired to valid JSON (${format})`,
      data: { applied: true, format },
    },
    // Valid JSON is left byte for byte; only broken JSON is repaired (and left as is when it cannot be).
    transformOutputText: (text) => (isJson(text) ? text : (healJson(text) ?? text)),
  };
}
