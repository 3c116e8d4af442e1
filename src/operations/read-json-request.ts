import type { z } from 'zod';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { RequestContext } from '../http/route.ts';
import { validRequest } from '../validation/parse-request.ts';

export { validRequest };

/**
 * An operation's JSON body, read once within the route's size limit and validated by its schema:
 * the typed request, or the one 400 of every operation (spec 7: bad content type, bad JSON, or a
 * message naming each field and rule broken), parsed the gateway's way (`env.parse`).
 *
 * @example
 * const request = await readJsonRequest(ctx, EmbeddingsRequestSchema);
 */
export async function readJsonRequest<S extends z.ZodType>(
  ctx: Pick<RequestContext, 'json'> & { readonly env?: Pick<GatewayEnv, 'parse'> },
  schema: S,
): Promise<z.output<S>> {
  return validRequest(schema, await ctx.json(), undefined, ctx.env?.parse);
}
