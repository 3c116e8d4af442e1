import type { z } from 'zod';
import { gatewayZodErrorMap } from '../errors/format-zod-error.ts';

/** Parses of one schema by zod's interpreter before its compiled parser takes over. */
export const COMPILE_AFTER_PARSES = 1_000;

/** The gateway's own wording of every issue (spec 7: the message names the field and the rule). */
const GATEWAY_MESSAGES = { error: gatewayZodErrorMap };

const parses = new WeakMap<object, number>();

/**
 * `schema.safeParse(body)` for a request body, with the gateway's messages unless `params` says
 * otherwise. Zod compiles an object schema into a parser of its own on first use (source text
 * generated, then compiled by V8). That pays off over many parses of valid bodies, but a test run
 * sends a few hundred bodies of many shapes, most of them broken on purpose, and there the
 * interpreter is quicker: a fresh server of the conformance suite spent a tenth of its CPU in the
 * compiled parsers and in making them. So each schema is interpreted for its first
 * {@link COMPILE_AFTER_PARSES} parses and compiled after, as V8 itself tiers up a function. Both
 * give the same result.
 *
 * @example
 * const parsed = parseRequest(ChatRequestSchema, body);
 * if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown, params: { error?: typeof gatewayZodErrorMap } = GATEWAY_MESSAGES): z.ZodSafeParseResult<z.output<S>> {
  const count = parses.get(schema) ?? 0;
  const interpreted = count < COMPILE_AFTER_PARSES;
  if (interpreted) parses.set(schema, count + 1);
  return schema.safeParse(body, { ...params, jitless: interpreted }) as z.ZodSafeParseResult<z.output<S>>;
}
