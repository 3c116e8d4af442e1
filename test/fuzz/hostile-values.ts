import fc from 'fast-check';

/**
 * Hostile-but-valid values for the fuzzer (issue 15): each is well-formed JSON that a schema
 * would accept, but asks the simulator for a lot of work: huge or recursive JSON schemas, globs
 * of many stars, long strings, wide arrays. The fuzz tests send them inside plausible bodies and
 * assert the usual: an answer in the envelope, no crash, no unasked 5xx.
 */

const bigNumber = fc.oneof(fc.constantFrom(1e9, 1e6, 100_000, 2 ** 31, Number.MAX_SAFE_INTEGER), fc.integer({ min: 0, max: 50_000 }));

/** JSON schemas that ask for huge, deep or endless instances, or patterns that explode. */
export const hostileSchema: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  bigNumber.map((n) => ({ type: 'object', properties: { a: { type: 'string', minLength: n } }, required: ['a'] })),
  bigNumber.map((n) => ({ type: 'object', properties: { a: { type: 'array', minItems: n, items: { type: 'string' } } }, required: ['a'] })),
  bigNumber.map((n) => ({ type: 'object', minProperties: n })),
  fc.integer({ min: 1, max: 60 }).map((n) => ({
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { $ref: '#' }])),
    required: Array.from({ length: n }, (_, i) => `p${i}`),
  })),
  fc.integer({ min: 1, max: 200 }).map((n) => ({
    $defs: { n: { type: 'array', minItems: n, items: { $ref: '#/$defs/n' } } },
    type: 'object',
    properties: { x: { $ref: '#/$defs/n' } },
    required: ['x'],
  })),
  fc.integer({ min: 2, max: 12 }).map((b) => ({
    $defs: { x: { anyOf: Array.from({ length: b }, () => ({ type: 'array', minItems: 2, items: { $ref: '#/$defs/x' } })) } },
    type: 'object',
    properties: { x: { $ref: '#/$defs/x' } },
    required: ['x'],
  })),
  fc
    .constantFrom(
      'a{1000000000}',
      '(a{1000}){1000}',
      '(){1000000000}',
      '^(a+)+$',
      '([a-z]*)*[0-9]{99999}',
      '(((((((((((x)))))))))))',
      '\\p{L}+',
      '(?<=a)b',
      '[',
    )
    .map((pattern) => ({
      type: 'object',
      properties: { s: { type: 'string', pattern } },
      required: ['s'],
    })),
  fc.integer({ min: 1, max: 100_000 }).map((n) => ({ type: 'object', properties: { e: { enum: Array.from({ length: n }, (_, i) => i) } }, required: ['e'] })),
);

/** allowed_models / excluded_models globs that a regex engine would take exponential time on. */
export const hostileGlob: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 5000 }).map((n) => `${'*'.repeat(n)}!`),
  fc.integer({ min: 1, max: 2000 }).map((n) => `${'*a'.repeat(n)}!`),
  fc.integer({ min: 1, max: 200 }).map((n) => `${'a*'.repeat(n)}b`),
  fc.string({ unit: fc.constantFrom('*', 'a', '/', '-'), maxLength: 64 }),
);

/** Long strings: one whitespace-free run, repeated words, or many lines. */
export const longString: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 40_000 }).map((n) => 'word '.repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => 'line\n'.repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => '😀'.repeat(n)),
);

/** Wide arrays of short strings (provider lists, model lists, stop sequences). */
export const wideArray: fc.Arbitrary<string[]> = fc.integer({ min: 100, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => `item-${i}`));

/** A function tool whose parameters are hostile, forced or not. */
export const hostileTools = fc.tuple(hostileSchema, fc.boolean()).map(([parameters, forced]) => ({
  tools: [{ type: 'function', name: 'f', description: 'hostile', parameters }],
  tool_choice: forced ? { type: 'function', name: 'f' } : 'required',
}));
