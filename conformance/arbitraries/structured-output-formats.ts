import fc from 'fast-check';
import type { Stratum } from '../property/stratum.ts';

/** A `text.format` that asks for JSON (reference `Formats`): a named JSON schema, or any JSON object. */
export type JsonFormat = { type: 'json_schema'; name: string; schema: Record<string, unknown>; strict: boolean } | { type: 'json_object' };

/**
 * Schemas a structured answer must satisfy, one per feature a client leans on: nested objects,
 * arrays with bounds and enums, `pattern` and `format`, `anyOf`, `$ref`/`$defs`.
 */
export const STRUCTURED_SCHEMAS: Readonly<Record<string, Record<string, unknown>>> = {
  person: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } }, required: ['city', 'zip'], additionalProperties: false },
    },
    required: ['name', 'age', 'address'],
    additionalProperties: false,
  },
  tags: {
    type: 'object',
    properties: { tags: { type: 'array', items: { type: 'string', enum: ['red', 'green', 'blue'] }, minItems: 1, maxItems: 3 } },
    required: ['tags'],
    additionalProperties: false,
  },
  ticket: {
    type: 'object',
    properties: {
      id: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
      contact: { type: 'string', format: 'email' },
      value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    },
    required: ['id', 'contact', 'value'],
    additionalProperties: false,
  },
  route: {
    type: 'object',
    $defs: { point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'], additionalProperties: false } },
    properties: { from: { $ref: '#/$defs/point' }, to: { $ref: '#/$defs/point' } },
    required: ['from', 'to'],
    additionalProperties: false,
  },
};

/**
 * A JSON `text.format`: one of {@link STRUCTURED_SCHEMAS}, strict or not, or `json_object`.
 *
 * @example
 * fc.sample(jsonFormatArb, 1); // [{ type: 'json_schema', name: 'person', schema: {...}, strict: true }]
 */
export const jsonFormatArb: fc.Arbitrary<JsonFormat> = fc.oneof(
  // Schemas are most of the rule: four in five runs.
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...Object.keys(STRUCTURED_SCHEMAS)), fc.boolean())
      .map(([name, strict]): JsonFormat => ({ type: 'json_schema', name, schema: STRUCTURED_SCHEMAS[name]!, strict })),
    weight: 4,
  },
  { arbitrary: fc.constant<JsonFormat>({ type: 'json_object' }), weight: 1 },
);

/**
 * The kinds of JSON format a structured answer is judged under, one per schema (strict or not)
 * and `json_object`: a stratified property sends each at its smallest first (the schema not
 * strict), so every run probes every schema feature, then random ones.
 *
 * @example
 * jsonFormatStrata(['structured.json-schema']).map((s) => s.label); // ['json_schema person', ..., 'json_object']
 */
export function jsonFormatStrata(rules: readonly string[]): Stratum<JsonFormat>[] {
  return [
    ...Object.keys(STRUCTURED_SCHEMAS).map((name): Stratum<JsonFormat> => ({
      label: `json_schema ${name}`,
      rules,
      arbitrary: fc.boolean().map((strict): JsonFormat => ({ type: 'json_schema', name, schema: STRUCTURED_SCHEMAS[name]!, strict })),
    })),
    { label: 'json_object', rules, arbitrary: fc.constant<JsonFormat>({ type: 'json_object' }) },
  ];
}
