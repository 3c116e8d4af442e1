import { generationData } from '../account/generation-record.ts';
import { keyInfo } from '../account/key-info.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { jsonResponse } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';

/** Statuses the reference lists for getGeneration. */
export const GENERATION_FAULTS = [401, 402, 404, 429, 500, 502, 524, 529] as const;
/** Statuses the reference lists for getCurrentKey. */
export const KEY_FAULTS = [401, 500] as const;
/** Statuses the reference lists for getCredits. */
export const CREDITS_FAULTS = [401, 403, 500] as const;

/** A generation id is at most this long; anything longer cannot be one of ours (and is not echoed). */
const MAX_ID_CHARS = 256;

/**
 * The account operations of the reference: `GET /generation?id=` (one paid answer by its
 * `X-Generation-Id`), `GET /key` (the calling key's limit and usage) and `GET /credits` (the
 * account's credits and usage, management key only, spec 5.3). None of them is billed.
 *
 * @example
 * const routes = accountRoutes(env); // generation.get, key.get, credits.get
 */
export function accountRoutes(env: GatewayEnv): Route[] {
  return [
    {
      method: 'GET',
      path: '/generation',
      operation: 'generation.get',
      auth: 'key',
      faults: GENERATION_FAULTS,
      handle(ctx) {
        const id = ctx.url.searchParams.get('id');
        if (id === null || id === '') throw new GatewayError(400, 'id: required query parameter (the X-Generation-Id of an answer)');
        if (id.length > MAX_ID_CHARS) throw new GatewayError(400, `id: at most ${MAX_ID_CHARS} characters (got ${id.length})`);
        const record = env.account.generation(id);
        if (!record) {
          throw new GatewayError(404, `Generation ${JSON.stringify(id)} not found: only paid answers are recorded, and the oldest are forgotten past the limit or on reset`);
        }
        return jsonResponse({ data: generationData(record) });
      },
    },
    {
      method: 'GET',
      path: '/key',
      operation: 'key.get',
      auth: 'key',
      faults: KEY_FAULTS,
      handle: (ctx) => {
        if (!ctx.apiKey) throw new GatewayError(401);
        return jsonResponse({ data: keyInfo(ctx.apiKey, env.account) });
      },
    },
    {
      method: 'GET',
      path: '/credits',
      operation: 'credits.get',
      auth: 'management',
      faults: CREDITS_FAULTS,
      handle: () => jsonResponse({ data: { total_credits: env.account.totalCredits(), total_usage: env.account.totalUsage() } }),
    },
  ];
}
