import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seededRandom } from '../random/seeded-random.ts';
import { jsonSchemaInstance, toolArguments } from './json-schema-instance.ts';

type Schema = Record<string, unknown>;

/** Arbitrary JSON Schemas built from the common keywords, always satisfiable. */
const schemaArb: fc.Arbitrary<Schema> = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .record(
        { minLength: fc.integer({ min: 0, max: 5 }), extra: fc.integer({ min: 0, max: 10 }), format: fc.constantFrom(undefined, 'email', 'date-time', 'date', 'uuid', 'uri', 'ipv4') },
        { requiredKeys: ['extra'] },
      )
      .map(({ minLength, extra, format }) =>
        format ? { type: 'string', format } : { type: 'string', ...(minLength !== undefined ? { minLength, maxLength: minLength + extra } : {}) },
      ),
    fc
      .record({ min: fc.integer({ min: -1000, max: 1000 }), span: fc.integer({ min: 0, max: 1000 }), bounded: fc.boolean(), integer: fc.boolean(), exclusive: fc.boolean() })
      .map(({ min, span, bounded, integer, exclusive }) => {
        const type = integer ? 'integer' : 'number';
        if (!bounded) return { type };
        if (exclusive) return { type, exclusiveMinimum: min, exclusiveMaximum: min + span + 2 };
        return { type, minimum: min, maximum: min + span };
      }),
    fc.constant({ type: 'boolean' }),
    fc.constant({ type: 'null' }),
    fc.uniqueArray(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()), { minLength: 1, maxLength: 5 }).map((values) => ({ enum: values })),
    fc
      .record({ items: tie('schema'), minItems: fc.integer({ min: 0, max: 3 }), extra: fc.integer({ min: 0, max: 3 }) })
      .map(({ items, minItems, extra }) => ({ type: 'array', items, minItems, maxItems: minItems + extra })),
    fc
      .dictionary(fc.stringMatching(/^[a-z][a-z_]{0,8}$/), tie('schema'), { maxKeys: 5 })
      .chain((properties) =>
        fc
          .record({ required: fc.subarray(Object.keys(properties)), closed: fc.boolean() })
          .map(({ required, closed }) => ({ type: 'object', properties, required, ...(closed ? { additionalProperties: false } : {}) })),
      ),
  ),
})).schema;

describe('jsonSchemaInstance', () => {
  it('generates a value every generated schema accepts (checked by zod fromJSONSchema)', () => {
    fc.assert(
      fc.property(schemaArb, fc.integer(), (schema, seed) => {
        const value = jsonSchemaInstance(schema, seededRandom(seed, 'schema'));
        const result = z.fromJSONSchema(schema as never).safeParse(value);
        expect(result.success, `${JSON.stringify(value)} against ${JSON.stringify(schema)}: ${result.error?.message}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic for a seed', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 14 } }, required: ['city', 'days'] };
    expect(jsonSchemaInstance(schema, seededRandom(3, 'a'))).toEqual(jsonSchemaInstance(schema, seededRandom(3, 'a')));
  });

  it('follows local $ref, allOf, anyOf, const and default', () => {
    const schema = {
      type: 'object',
      $defs: { unit: { enum: ['c', 'f'] } },
      properties: { unit: { $ref: '#/$defs/unit' }, kind: { const: 'forecast' }, days: { type: 'integer', default: 3 }, either: { anyOf: [{ type: 'boolean' }, { type: 'string' }] } },
      allOf: [{ required: ['unit', 'kind', 'days', 'either'] }],
    };
    const value = jsonSchemaInstance(schema, seededRandom(1, 'r')) as Record<string, unknown>;
    expect(['c', 'f']).toContain(value.unit);
    expect(value.kind).toBe('forecast');
    expect(value.days).toBe(3);
    expect(typeof value.either).toBe('boolean');
  });

  it('gives a safe value for schemas it cannot use instead of throwing', () => {
    for (const schema of [undefined, null, 42, 'x', true, false, { type: 'weird' }, { $ref: 'http://remote/schema' }, { minimum: 10, maximum: 1, type: 'integer' }]) {
      expect(() => jsonSchemaInstance(schema, seededRandom(0, 's'))).not.toThrow();
    }
    expect(JSON.parse(toolArguments({ type: 'string' }, seededRandom(0, 't')))).toEqual({});
    expect(JSON.parse(toolArguments(undefined, seededRandom(0, 't')))).toEqual({});
  });

  it('stops at a depth limit on recursive schemas', () => {
    const schema = { $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } }, required: ['child'] } }, $ref: '#/$defs/node' };
    expect(() => JSON.stringify(jsonSchemaInstance(schema, seededRandom(0, 'deep')))).not.toThrow();
  });
});
