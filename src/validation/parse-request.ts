import type { z } from 'zod';
import { formatZodError, gatewayZodErrorMap } from '../errors/format-zod-error.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { interpretedParse, type SchemaParse } from './tiered-safe-parse.ts';

/** The gateway's own wording of every issue (spec 7: the message names the field and the rule). */
const GATEWAY_MESSAGES = { error: gatewayZodErrorMap };

/**
 * A request body parsed against its schema, with the gateway's messages unless `params` says
 * otherwise, by `parse` (the gateway's `env.parse` where one is at hand; zod's interpreter
 * otherwise). Operations use {@link validRequest}, which makes the 400.
 *
 * @example
 * const parsed = parseRequest(ChatRequestSchema, body);
 * if (parsed.success) use(parsed.data);
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  body: unknown,
  params: { error?: typeof gatewayZodErrorMap } = GATEWAY_MESSAGES,
  parse: SchemaParse = interpretedParse,
): z.ZodSafeParseResult<z.output<S>> {
  return parse(schema, body, params);
}

/**
 * Parse-or-400, the one place for every operation: the request as its schema's output, or a
 * `GatewayError(400)` whose message names each field and rule broken (spec 7). `params` and
 * `parse` as for {@link parseRequest} (the video operation keeps zod's own wording).
 *
 * @example
 * const request = validRequest(EmbeddingsRequestSchema, await ctx.json());
 */
export function validRequest<S extends z.ZodType>(schema: S, body: unknown, params?: { error?: typeof gatewayZodErrorMap }, parse?: SchemaParse): z.output<S> {
  const parsed = parseRequest(schema, body, params, parse);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}
