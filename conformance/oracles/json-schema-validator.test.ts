import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaValidator } from './json-schema-validator.ts';

describe('jsonSchemaValidator', () => {
  const schema: Parameters<typeof jsonSchemaValidator>[0] = {
    type: 'object',
    properties: { n: { type: 'integer', minimum: 0 } },
    required: ['n'],
    additionalProperties: false,
  };

  it('judges as a reader made afresh does', () => {
    for (const value of [{ n: 1 }, { n: -1 }, {}, { n: 1, x: 2 }, 'text', null]) {
      expect(jsonSchemaValidator(schema).safeParse(value).success, JSON.stringify(value)).toBe(z.fromJSONSchema(schema).safeParse(value).success);
    }
  });

  it('makes one reader per schema text, whatever object holds it', () => {
    expect(jsonSchemaValidator(structuredClone(schema))).toBe(jsonSchemaValidator(schema));
    expect(jsonSchemaValidator({ ...(schema as object), required: [] })).not.toBe(jsonSchemaValidator(schema));
  });
});
