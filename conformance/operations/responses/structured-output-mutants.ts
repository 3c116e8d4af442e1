import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson } from '../../mutants/rewrite.ts';

/** Gateways that get structured outputs wrong: the "text.format is ignored", and JSON that misses its schema. */

type Json = Record<string, unknown>;

/** Rewrite the output text of results answering a JSON `text.format` (the request is what asked for JSON). */
const onJsonAnswer =
  (change: (text: string) => string): Mutant['wrap'] =>
  (fetch) =>
    onJson(fetch, (json, _response, request) => {
      const format = isObject(request.body) && isObject(request.body.text) && isObject(request.body.text.format) ? request.body.text.format : undefined;
      if (json.object !== 'response' || (format?.type !== 'json_schema' && format?.type !== 'json_object')) return;
      for (const item of Array.isArray(json.output) ? (json.output as Json[]) : []) {
        if (item.type !== 'message' || !Array.isArray(item.content)) continue;
        for (const part of item.content as Json[]) if (part.type === 'output_text' && typeof part.text === 'string') part.text = change(part.text);
      }
    });

export const structuredOutputIgnored: Mutant = {
  id: 'structured-output-ignored',
  breaks: 'spec 2.1 note A (reference Formats): text.format json_schema / json_object is ignored and prose comes back',
  caughtBy: 'result.structured-output',
  wrap: onJsonAnswer(() => 'Here is a short answer about your question.'),
};

export const structuredOutputMissesMember: Mutant = {
  id: 'structured-output-misses-member',
  breaks: 'spec 2.1 note A (reference Formats): the JSON answer lacks a member its schema requires',
  caughtBy: 'result.structured-output',
  wrap: onJsonAnswer((text) => {
    try {
      const value = JSON.parse(text) as unknown;
      if (!isObject(value)) return text;
      const [first] = Object.keys(value);
      if (first !== undefined) delete value[first];
      return JSON.stringify(value);
    } catch {
      return text;
    }
  }),
};

export const STRUCTURED_OUTPUT_MUTANTS: readonly Mutant[] = [structuredOutputIgnored, structuredOutputMissesMember];
