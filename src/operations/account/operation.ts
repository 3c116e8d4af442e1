import { generationData } from '../../account/generation-record.ts';
import { keyInfo } from '../../account/key-info.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { generationIdOf } from './request.ts';
import { docs } from './docs.ts';

/** Statuses the reference lists for getGeneration. */
export const GENERATION_FAULTS = [401, 402, 404, 429, 500, 502, 524, 529] as const;
/** Statuses the reference lists for getCurrentKey. */
export const KEY_FAULTS = [401, 500] as const;
/** Statuses the reference lists for getCredits. */
export const CREDITS_FAULTS = [401, 403, 500] as const;

/**
 * The account operations of the reference: `GET /generation?id=` (one paid answer by its
 * `X-Generation-Id`), `GET /key` (the calling key's limit and usage) and `GET /credits` (the
 * account's credits and usage, management key only, spec 5.3). None of them is billed.
 */
export const accountOperation: Operation = {
  name: 'account',
  docs,
  endpoints: [
    {
      method: 'GET',
      path: '/generation',
      id: 'generation.get',
      referenceId: 'getGeneration',
      summary: 'Get a generation',
      auth: 'key',
      faults: GENERATION_FAULTS,
    },
    { method: 'GET', path: '/key', id: 'key.get', referenceId: 'getCurrentKey', summary: 'Get the current API key', auth: 'key', faults: KEY_FAULTS },
    {
      method: 'GET',
      path: '/credits',
      id: 'credits.get',
      referenceId: 'getCredits',
      summary: 'Get the account credits',
      auth: 'management',
      faults: CREDITS_FAULTS,
    },
  ],
  handlers: ({ env }) => ({
    'generation.get': (ctx) => {
      const id = generationIdOf(ctx.url);
      const record = env.account.generation(id);
      if (!record) {
        throw new GatewayError(
          404,
          `Generation ${JSON.stringify(id)} not found: only paid answers are recorded, and the oldest are forgotten past the limit or on reset`,
        );
      }
      return jsonResponse({ data: generationData(record) });
    },
    'key.get': (ctx) => {
      if (!ctx.apiKey) throw new GatewayError(401);
      return jsonResponse({ data: keyInfo(ctx.apiKey, env.account) });
    },
    'credits.get': () => jsonResponse({ data: { total_credits: env.account.totalCredits(), total_usage: env.account.totalUsage() } }),
  }),
};
