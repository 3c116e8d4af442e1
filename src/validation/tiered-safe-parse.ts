import type { z } from 'zod';

/** Parses of one schema by zod's interpreter before its compiled parser takes over. */
export const COMPILE_AFTER_PARSES = 1_000;

const parses = new WeakMap<object, number>();

/**
 * `schema.safeParse(value, params)`, interpreted for the schema's first {@link COMPILE_AFTER_PARSES}
 * parses and compiled after, as V8 itself tiers up a function. Zod compiles an object schema into
 * a parser of its own on first use (source text generated, then compiled by V8); that pays off over
 * many parses of valid values. A test run parses each schema a few hundred times, many values
 * broken on purpose, and there the interpreter is quicker, since compiling costs more than the
 * few parses it would speed up (docs/decisions/0025-engine-costs.md). Both give the same result.
 *
 * @example
 * const parsed = tieredSafeParse(ResponsesResultSchema, body);
 */
export function tieredSafeParse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  params?: Omit<z.core.ParseContext<z.core.$ZodIssue>, 'jitless'>,
): z.ZodSafeParseResult<z.output<S>> {
  const count = parses.get(schema) ?? 0;
  const interpreted = count < COMPILE_AFTER_PARSES;
  if (interpreted) parses.set(schema, count + 1);
  return schema.safeParse(value, { ...params, jitless: interpreted }) as z.ZodSafeParseResult<z.output<S>>;
}
