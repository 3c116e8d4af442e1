import type { z } from 'zod';

/** Parses of one schema by zod's interpreter before its compiled parser takes over. */
export const COMPILE_AFTER_PARSES = 1_000;

/** Parse options as zod takes them, less the parser choice, which is the parse function's. */
export type ParseParams = Omit<z.core.ParseContext<z.core.$ZodIssue>, 'jitless'>;

/** A way to run `schema.safeParse(value, params)`: every way gives the same result. */
export type SchemaParse = <S extends z.ZodType>(schema: S, value: unknown, params?: ParseParams) => z.ZodSafeParseResult<z.output<S>>;

/**
 * Zod as it comes: a schema is compiled into a parser of its own on first use. What a gateway
 * made with `fastPaths: false` parses with.
 *
 * @example
 * directParse(ResponsesRequestSchema, body).success;
 */
export const directParse: SchemaParse = (schema, value, params) => schema.safeParse(value, params) as z.ZodSafeParseResult<z.output<typeof schema>>;

/**
 * Zod's interpreter only: no compiling and no counts. What a parse with no gateway at hand uses
 * (the public validators, an operation's query): it keeps nothing between calls.
 *
 * @example
 * interpretedParse(PageQuerySchema, query).success;
 */
export const interpretedParse: SchemaParse = (schema, value, params) =>
  schema.safeParse(value, { ...params, jitless: true }) as z.ZodSafeParseResult<z.output<typeof schema>>;

/**
 * A parse that interprets each schema's first {@link COMPILE_AFTER_PARSES} parses and compiles
 * after, as V8 itself tiers up a function. Zod compiles an object schema into a parser of its own
 * (source text generated, then compiled by V8); that pays off over many parses of valid values.
 * A test run parses each schema a few hundred times, many values broken on purpose, and there the
 * interpreter is quicker, since compiling costs more than the few parses it would speed up
 * (docs/decisions/0025-engine-costs.md). Both give the same result. The counts are the returned
 * function's own: a gateway makes one (its `env.parse`), so they go with it.
 *
 * @example
 * const parse = createTieredParse();
 * parse(ResponsesResultSchema, body).success;
 */
export function createTieredParse(compileAfter = COMPILE_AFTER_PARSES): SchemaParse {
  const parses = new WeakMap<object, number>();
  return (schema, value, params) => {
    const count = parses.get(schema) ?? 0;
    const interpreted = count < compileAfter;
    if (interpreted) parses.set(schema, count + 1);
    return schema.safeParse(value, { ...params, jitless: interpreted }) as z.ZodSafeParseResult<z.output<typeof schema>>;
  };
}
