import { z } from 'zod';

type JsonSchema = Parameters<typeof z.fromJSONSchema>[0];

/** Readers made so far, by the schema's JSON text; bounded, the oldest dropped first. */
const readers = new Map<string, z.ZodType>();
const MAX_READERS = 256;

/**
 * zod's reader of a JSON Schema, made once per schema text: making one (and zod compiling it on
 * its first parse) costs far more than a parse, and a run judges many answers against the same
 * few drawn schemas. A reader holds no state between parses, so sharing it changes no verdict.
 *
 * @example
 * jsonSchemaValidator({ type: 'object', required: ['a'] }).safeParse({ a: 1 }).success; // true
 */
export function jsonSchemaValidator(schema: JsonSchema): z.ZodType {
  const key = JSON.stringify(schema);
  let reader = readers.get(key);
  if (!reader) {
    reader = z.fromJSONSchema(schema);
    if (readers.size >= MAX_READERS) readers.delete(readers.keys().next().value!);
    readers.set(key, reader);
  }
  return reader;
}
