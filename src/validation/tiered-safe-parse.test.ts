import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { gatewayZodErrorMap } from '../errors/format-zod-error.ts';
import { ResponsesRequestSchema } from '../schemas/responses-request.ts';
import { ChatRequestSchema } from '../schemas/chat-request.ts';
import { parseRequest } from './parse-request.ts';
import { COMPILE_AFTER_PARSES, createTieredParse, directParse, interpretedParse } from './tiered-safe-parse.ts';

/** A body with some of the schema's own members, each any JSON value or a plausible one. */
function bodyOf(schema: z.ZodObject): fc.Arbitrary<Record<string, unknown>> {
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom('openai/gpt-4o-mini', 'auto', 'high', 16, true, [], {}, [{ role: 'user', content: 'Hi.' }]),
  );
  return fc.dictionary(fc.constantFrom(...Object.keys(schema.shape)), value, { maxKeys: 6 });
}

describe('createTieredParse and parseRequest', () => {
  it("gives zod's interpreted and compiled parsers' result alike, success or issues", () => {
    for (const schema of [ResponsesRequestSchema, ChatRequestSchema] as unknown as z.ZodObject[]) {
      fc.assert(
        fc.property(bodyOf(schema), (body) => {
          const interpreted = schema.safeParse(body, { error: gatewayZodErrorMap, jitless: true });
          const compiled = schema.safeParse(body, { error: gatewayZodErrorMap, jitless: false });
          expect(interpreted.success).toBe(compiled.success);
          if (compiled.success) expect(interpreted.data).toEqual(compiled.data);
          else expect(interpreted.error!.issues).toEqual(compiled.error.issues);
          expect(parseRequest(schema, body)).toEqual(compiled);
          expect(parseRequest(schema, body, undefined, createTieredParse())).toEqual(compiled);
          expect(parseRequest(schema, body, undefined, directParse)).toEqual(compiled);
        }),
        { numRuns: 300 },
      );
    }
  });

  it(`interprets a schema's first ${COMPILE_AFTER_PARSES} parses, then compiles, counting each schema and each parse function apart`, () => {
    const seen: (boolean | undefined)[] = [];
    const schema = (id: string) =>
      ({ id, safeParse: (data: unknown, params?: { jitless?: boolean }) => (seen.push(params?.jitless), { success: true, data }) }) as unknown as z.ZodType;
    const first = schema('first');
    const parse = createTieredParse();
    for (let i = 0; i < COMPILE_AFTER_PARSES + 2; i++) parse(first, {});
    expect(seen.slice(0, COMPILE_AFTER_PARSES).every((j) => j === true)).toBe(true);
    expect(seen.slice(COMPILE_AFTER_PARSES)).toEqual([false, false]);
    seen.length = 0;
    // Another gateway's parse has counts of its own.
    createTieredParse()(first, {});
    // Without a parse at hand, zod's interpreter; zod as it comes leaves the choice to zod.
    parseRequest(schema('second'), {});
    interpretedParse(first, {});
    directParse(first, {});
    expect(seen).toEqual([true, true, true, undefined]);
  });
});
