import type { Operation } from '../operation.ts';

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
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
