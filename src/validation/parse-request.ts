import type { z } from 'zod';
import { formatZodError, gatewayZodErrorMap } from '../errors/format-zod-error.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { tieredSafeParse } from './tiered-safe-parse.ts';

/** The gateway's own wording of every issue (spec 7: the message names the field and the rule). */
const GATEWAY_MESSAGES = { error: gatewayZodErrorMap };

/**
 * A request body parsed against its schema, with the gateway's messages unless `params` says
 * otherwise; interpreted first, compiled once the schema has parsed many bodies (see
 * {@link tieredSafeParse}). Operations use {@link validRequest}, which makes the 400.
 *
 * @example
 * const parsed = parseRequest(ChatRequestSchema, body);
 * if (parsed.success) use(parsed.data);
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  body: unknown,
  params: { error?: typeof gatewayZodErrorMap } = GATEWAY_MESSAGES,
): z.ZodSafeParseResult<z.output<S>> {
  return tieredSafeParse(schema, body, params);
}

/**
 * Parse-or-400, the one place for every operation: the request as its schema's output, or a
 * `GatewayError(400)` whose message names each field and rule broken (spec 7). `params` as for
 * {@link parseRequest} (the video operation keeps zod's own wording).
 *
 * @example
 * const request = validRequest(EmbeddingsRequestSchema, await ctx.json());
 */
export function validRequest<S extends z.ZodType>(schema: S, body: unknown, params?: { error?: typeof gatewayZodErrorMap }): z.output<S> {
  const parsed = parseRequest(schema, body, params);
  if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
  return parsed.data;
}
