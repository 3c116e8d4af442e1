import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seededRandom } from '../random/seeded-random.ts';
import { jsonSchemaInstance, schemaInstance, toolArguments } from './json-schema-instance.ts';

type Schema = Record<string, unknown>;

/** Arbitrary JSON Schemas built from the common keywords, always satisfiable. */
const schemaArb: fc.Arbitrary<Schema> = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .record(
        {
          minLength: fc.integer({ min: 0, max: 5 }),
          extra: fc.integer({ min: 0, max: 10 }),
          format: fc.constantFrom(undefined, 'email', 'date-time', 'date', 'uuid', 'uri', 'ipv4'),
        },
        { requiredKeys: ['extra'] },
      )
      .map(({ minLength, extra, format }) =>
        format ? { type: 'string', format } : { type: 'string', ...(minLength !== undefined ? { minLength, maxLength: minLength + extra } : {}) },
      ),
    fc
      .record({
        min: fc.integer({ min: -1000, max: 1000 }),
        span: fc.integer({ min: 0, max: 1000 }),
        bounded: fc.boolean(),
        integer: fc.boolean(),
        exclusive: fc.boolean(),
      })
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
      properties: {
        unit: { $ref: '#/$defs/unit' },
        kind: { const: 'forecast' },
        days: { type: 'integer', default: 3 },
        either: { anyOf: [{ type: 'boolean' }, { type: 'string' }] },
      },
      allOf: [{ required: ['unit', 'kind', 'days', 'either'] }],
    };
    const value = jsonSchemaInstance(schema, seededRandom(1, 'r')) as Record<string, unknown>;
    expect(['c', 'f']).toContain(value.unit);
    expect(value.kind).toBe('forecast');
    expect(value.days).toBe(3);
    expect(typeof value.either).toBe('boolean');
  });

  it('gives a safe value for schemas it cannot use instead of throwing', () => {
    for (const schema of [
      undefined,
      null,
      42,
      'x',
      true,
      false,
      { type: 'weird' },
      { $ref: 'http://remote/schema' },
      { minimum: 10, maximum: 1, type: 'integer' },
    ]) {
      expect(() => jsonSchemaInstance(schema, seededRandom(0, 's'))).not.toThrow();
    }
    expect(JSON.parse(toolArguments({ type: 'string' }, seededRandom(0, 't')))).toEqual({});
    expect(JSON.parse(toolArguments(undefined, seededRandom(0, 't')))).toEqual({});
  });

  it('ends optional recursion (trees, linked lists through anyOf) and refuses required infinite recursion with the path', () => {
    const tree = {
      $defs: {
        node: {
          type: 'object',
          properties: { v: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
          required: ['v', 'children'],
        },
      },
      $ref: '#/$defs/node',
    };
    const list = {
      $defs: { l: { type: 'object', properties: { next: { anyOf: [{ $ref: '#/$defs/l' }, { type: 'null' }] } }, required: ['next'] } },
      $ref: '#/$defs/l',
    };
    for (const schema of [tree, list]) {
      const value = jsonSchemaInstance(schema, seededRandom(0, 'deep'));
      expect(z.fromJSONSchema(schema as never).safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
    const endless = { $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } }, required: ['child'] } }, $ref: '#/$defs/node' };
    const result = schemaInstance(endless, seededRandom(0, 'deep'));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/deeper than 64 levels/);
    expect(!result.ok && result.path).toMatch(/^\$ref\.properties\.child\.\$ref/);
  });

  // F1: each of these crashed the server (4.3 GB, then V8 abort) or blocked it for tens of seconds.
  it.each([
    ['minLength 1e9', { type: 'object', properties: { a: { type: 'string', minLength: 1e9 } }, required: ['a'] }, 'properties.a.minLength'],
    ['minItems 1e9', { type: 'object', properties: { a: { type: 'array', minItems: 1e9 } }, required: ['a'] }, 'properties.a.minItems'],
    ['minProperties 1e5', { type: 'object', minProperties: 1e5 }, 'minProperties'],
    [
      '40 required members of $ref #',
      {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { $ref: '#' }])),
        required: Array.from({ length: 40 }, (_, i) => `p${i}`),
      },
      'properties.p0.$ref',
    ],
    [
      'a self-recursive $defs array with minItems 100',
      { $defs: { n: { type: 'array', minItems: 100, items: { $ref: '#/$defs/n' } } }, $ref: '#/$defs/n' },
      '$ref.items.$ref',
    ],
    ['pattern a{1000000000}', { type: 'string', pattern: 'a{1000000000}' }, 'pattern'],
    ['pattern (){1000000000}', { type: 'string', pattern: '(){1000000000}' }, 'pattern'],
    ['pattern that is no regex', { type: 'string', pattern: '(unclosed' }, 'pattern'],
    [
      'many wide anyOf levels',
      { $defs: { x: { anyOf: Array.from({ length: 8 }, () => ({ type: 'array', minItems: 2, items: { $ref: '#/$defs/x' } })) } }, $ref: '#/$defs/x' },
      '$ref',
    ],
  ])('%s: refused quickly, naming the schema path', (_name, schema, path) => {
    const started = performance.now();
    const result = schemaInstance(schema, seededRandom(0, 'f1'));
    expect(performance.now() - started).toBeLessThan(2000); // a safety bound: it took minutes or crashed before
    expect(result.ok).toBe(false);
    expect(!result.ok && result.path.startsWith(path), !result.ok ? result.path : '').toBe(true);
    expect(() => toolArguments(schema, seededRandom(0, 'f1'), 'tools[0].parameters')).toThrow(/^tools\[0\]\.parameters\./);
  });

  it('honours a smaller budget', () => {
    const budget = { maxNodes: 50, maxChars: 300, maxDepth: 5, maxSteps: 1000 };
    expect(schemaInstance({ type: 'array', minItems: 60 }, seededRandom(0, 'b'), budget)).toMatchObject({ ok: false, path: 'minItems' });
    expect(schemaInstance({ type: 'string', minLength: 301 }, seededRandom(0, 'b'), budget)).toMatchObject({ ok: false, path: 'minLength' });
    expect(schemaInstance({ type: 'array', minItems: 40, items: { type: 'string', minLength: 10 } }, seededRandom(0, 'b'), budget)).toMatchObject({
      ok: false,
    });
    expect(schemaInstance({ type: 'array', minItems: 20, items: { type: 'string', minLength: 3 } }, seededRandom(0, 'b'), budget).ok).toBe(true);
  });

  it('generates strings for patterns (seeded) and formats, which validators accept', () => {
    const formats = ['date-time', 'date', 'time', 'email', 'uri', 'uuid', 'ipv4', 'ipv6', 'hostname', 'duration', 'byte'];
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
        slug: { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$', maxLength: 40 },
        ...Object.fromEntries(formats.map((f) => [f, { type: 'string', format: f }])),
      },
      required: ['code', 'slug', ...formats],
    };
    for (let seed = 0; seed < 20; seed++) {
      const value = jsonSchemaInstance(schema, seededRandom(seed, 'p')) as Record<string, string>;
      expect(value.code).toMatch(/^[A-Z]{3}-\d{4}$/);
      expect(value.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      const checked = z.fromJSONSchema(schema as never).safeParse(value);
      expect(checked.success, `${JSON.stringify(value)}: ${checked.error?.message}`).toBe(true);
      expect(jsonSchemaInstance(schema, seededRandom(seed, 'p'))).toEqual(value);
    }
  });

  it('covers oneOf, allOf with bounds, prefixItems, contains, patternProperties, dependentRequired, minProperties', () => {
    const schema = {
      type: 'object',
      properties: {
        choice: { oneOf: [{ type: 'integer', minimum: 5, maximum: 6 }, { type: 'string' }] },
        merged: { allOf: [{ type: 'string', minLength: 4 }, { maxLength: 6 }] },
        tuple: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false, minItems: 2 },
        bag: { type: 'array', contains: { const: 'needle' }, items: { type: 'string' } },
        map: { type: 'object', patternProperties: { '^x-[a-z]{2}$': { type: 'integer' } }, additionalProperties: false, minProperties: 2 },
        card: { type: 'string' },
        cvv: { type: 'string' },
      },
      required: ['choice', 'merged', 'tuple', 'bag', 'map', 'card'],
      dependentRequired: { card: ['cvv'] },
    };
    const value = jsonSchemaInstance(schema, seededRandom(4, 'c')) as Record<string, unknown>;
    expect([5, 6]).toContain(value.choice);
    expect((value.merged as string).length).toBeGreaterThanOrEqual(4);
    expect((value.merged as string).length).toBeLessThanOrEqual(6);
    expect(value.tuple).toEqual([expect.any(String), expect.any(Number)]);
    expect(value.bag).toContain('needle');
    expect(Object.keys(value.map as object)).toHaveLength(2);
    for (const key of Object.keys(value.map as object)) expect(key).toMatch(/^x-[a-z]{2}/);
    expect(typeof value.cvv).toBe('string');
  });
});

describe('plausible values where the schema leaves room', () => {
  const bound = fc.oneof(fc.constant(undefined), fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(-9007199254740991, 9007199254740991, -1e12, 1e12, 1e6));

  it('numbers: schema-valid for any bounds that hold a value, and 0 to 100 whenever the bounds allow it', () => {
    fc.assert(
      fc.property(
        bound,
        bound,
        fc.boolean(),
        fc.constantFrom(undefined, 1, 2, 5, 0.5),
        fc.constantFrom('count', 'age', 'score'),
        fc.integer(),
        (a, b, integer, multipleOf, name, seed) => {
          const [minimum, maximum] = a !== undefined && b !== undefined && b < a ? [b, a] : [a, b];
          // Bounds that hold no multiple (minimum = maximum = 147 with multipleOf 2) describe no value at all.
          const step = multipleOf === undefined ? undefined : integer && multipleOf < 1 ? 1 : multipleOf;
          fc.pre(step === undefined || minimum === undefined || maximum === undefined || Math.ceil(minimum / step) * step <= maximum);
          const field = {
            type: integer ? 'integer' : 'number',
            ...(minimum !== undefined ? { minimum } : {}),
            ...(maximum !== undefined ? { maximum } : {}),
            ...(multipleOf !== undefined ? { multipleOf } : {}),
          };
          const schema = { type: 'object', properties: { [name]: field }, required: [name] };
          const value = (jsonSchemaInstance(schema, seededRandom(seed, 'plausible')) as Record<string, number>)[name]!;
          const result = z.fromJSONSchema(schema as never).safeParse({ [name]: value });
          expect(result.success, `${value} against ${JSON.stringify(field)}`).toBe(true);
          const wish = name === 'age' ? [18, 90] : [0, 100];
          const room = Math.max(minimum ?? -Infinity, wish[0]!) <= Math.min(maximum ?? Infinity, wish[1]!);
          if (room && multipleOf === undefined) {
            expect(value).toBeGreaterThanOrEqual(Math.max(minimum ?? -Infinity, wish[0]!));
            expect(value).toBeLessThanOrEqual(Math.min(maximum ?? Infinity, wish[1]!));
          }
          // Never the far end of a zod int's +-2^53 bounds when smaller numbers fit.
          if (room) expect(Math.abs(value)).toBeLessThanOrEqual(1000);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a zod schema as a model would fill it: small int age, a real-looking email and date, a name', () => {
    const person = z.object({ name: z.string(), age: z.number().int(), email: z.email(), born: z.iso.date(), id: z.uuid(), score: z.number().min(0).max(5) });
    const schema = z.toJSONSchema(person);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const value = jsonSchemaInstance(schema as never, seededRandom(seed, 'person')) as z.infer<typeof person>;
        expect(person.safeParse(value).success, JSON.stringify(value)).toBe(true);
        expect(value.age).toBeGreaterThanOrEqual(18);
        expect(value.age).toBeLessThanOrEqual(90);
        expect(value.email).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
        expect(value.born).toMatch(/^2026-\d\d-\d\d$/);
        expect(value.name).toMatch(/^[A-Z]/);
      }),
      { numRuns: 100 },
    );
  });
});
