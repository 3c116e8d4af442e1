import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scalarRule } from './scalar-rule.ts';

const SCHEMAS: Record<string, z.ZodType> = {
  string: z.string(),
  'optional string': z.string().optional(),
  'nullable string': z.string().nullable(),
  boolean: z.boolean(),
  number: z.number(),
  'nullable number': z.number().nullable().optional(),
  'int >= 0': z.number().int().min(0).nullable().optional(),
  'int in 0..30': z.number().int().min(0).max(30),
  '> 0 and < 1': z.number().gt(0).lt(1),
  'string or boolean': z.union([z.string(), z.boolean()]),
};

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom(-0, 0.5, 30, 31, 2 ** 53, 2 ** 53 - 1, -1, 1e300, Infinity, NaN, undefined, '', 'x'),
  fc.double(),
  fc.integer(),
);

describe('scalarRule', () => {
  it('accepts exactly what the schema passes unchanged, for every kind it reads', () => {
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const rule = scalarRule(schema);
      expect(rule, name).toBeDefined();
      fc.assert(
        fc.property(value, (v) => {
          const parsed = schema.safeParse(v);
          // undefined is no JSON value: left to the schema even where it passes.
          const expected = v !== undefined && parsed.success && Object.is(parsed.data, v);
          expect(rule!(v), `${name}: ${fc.stringify(v)}`).toBe(expected);
        }),
        { numRuns: 400 },
      );
    }
  });

  it('has no rule for what it does not read, and reads a union only up to its first such option', () => {
    expect(scalarRule(z.string().min(2))).toBeUndefined();
    expect(scalarRule(z.coerce.number())).toBeUndefined();
    expect(scalarRule(z.number().multipleOf(2))).toBeUndefined();
    expect(scalarRule(z.object({}))).toBeUndefined();
    expect(scalarRule(z.string().transform((s) => s.length))).toBeUndefined();
    const union = scalarRule(z.union([z.string(), z.array(z.string()), z.boolean()]))!;
    expect([union('a'), union(['a']), union(true)]).toEqual([true, false, false]);
  });
});
