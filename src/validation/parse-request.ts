import type { z } from 'zod';
import { gatewayZodErrorMap } from '../errors/format-zod-error.ts';
import { tieredSafeParse } from './tiered-safe-parse.ts';

/** The gateway's own wording of every issue (spec 7: the message names the field and the rule). */
const GATEWAY_MESSAGES = { error: gatewayZodErrorMap };

/**
 * A request body parsed against its schema, with the gateway's messages unless `params` says
 * otherwise; interpreted first, compiled once the schema has parsed many bodies (see
 * {@link tieredSafeParse}).
 *
 * @example
 * const parsed = parseRequest(ChatRequestSchema, body);
 * if (!parsed.success) throw new GatewayError(400, formatZodError(parsed.error));
 */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown, params: { error?: typeof gatewayZodErrorMap } = GATEWAY_MESSAGES): z.ZodSafeParseResult<z.output<S>> {
  return tieredSafeParse(schema, body, params);
}
