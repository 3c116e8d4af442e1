import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onRequest } from '../../mutants/rewrite.ts';

/** Plausible bugs of the account operations, one rule each (reference GenerationResponse, GET /key). */

export const generationCostNotRecorded: Mutant = {
  id: 'generation-cost-not-recorded',
  breaks: 'reference GenerationResponse: the lookup says total_cost 0, whatever the answer cost',
  caughtBy: 'account.generation-lookup',
  wrap: (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (request.url.pathname.endsWith('/generation') && isObject(json.data)) json.data.total_cost = 0;
    }),
};

export const keyUsageFrozen: Mutant = {
  id: 'key-usage-frozen',
  breaks: 'reference GET /key: usage is reported from a snapshot that paid answers never move',
  caughtBy: 'account.key-usage',
  wrap: (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (!request.url.pathname.endsWith('/key') || !isObject(json.data)) return;
      for (const field of ['usage', 'usage_daily', 'usage_weekly', 'usage_monthly']) if (typeof json.data[field] === 'number') json.data[field] = 0;
    }),
};

export const limitNotEnforced: Mutant = {
  id: 'limit-not-enforced',
  breaks: 'spec 7: a paid request past the credits is served (the 402 is never sent)',
  caughtBy: 'account.limit-402',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      // The credits are never lowered: the control request is sent with the credits it would restore.
      if (request.url.pathname === '/__gatewaykit/credits' && request.method === 'POST' && isObject(request.body)) request.body.total_credits = 1e9;
    }),
};

export const ACCOUNT_MUTANTS: readonly Mutant[] = [generationCostNotRecorded, keyUsageFrozen, limitNotEnforced];
