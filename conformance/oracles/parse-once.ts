import type { z } from 'zod';
import { tieredSafeParse } from './tiered-safe-parse.ts';

/** Each schema's verdicts on the decoded values it has judged. */
const verdicts = new WeakMap<z.ZodType, WeakMap<object, z.ZodSafeParseResult<unknown>>>();

/**
 * `tieredSafeParse(schema, value)`, judged once per decoded value. One answer is read by many
 * oracles: the events of a stream sample by every stream check sharing it, an error body by the
 * envelope oracle of each check that looks at it. The value is the very object the exchange
 * decoded (`exchangeJson`, `parseStream` keep one per exchange), so the same object means the
 * same bytes. Primitives are parsed each time. The result is shared: callers only read it.
 *
 * @example
 * const parsed = parseOnce(ChatChunkSchema, event);
 */
export function parseOnce<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  if (value === null || typeof value !== 'object') return tieredSafeParse(schema, value);
  let bySchema = verdicts.get(schema);
  if (bySchema === undefined) verdicts.set(schema, (bySchema = new WeakMap()));
  let verdict = bySchema.get(value);
  if (verdict === undefined) bySchema.set(value, (verdict = tieredSafeParse(schema, value)));
  return verdict as z.ZodSafeParseResult<z.output<S>>;
}
