import type { Operation } from '../operation.ts';

/**
 * POST /credits/coinbase (reference `createCoinbaseCharge`, deprecated, `security: []`): "will
 * never return a 200 response": every request, with or without a key and whatever its body, is
 * the 410 Gone envelope with the reference's message.
 */
export const creditsCoinbaseOperation: Operation = {
  name: 'credits-coinbase',
  endpoints: [
    {
      method: 'POST',
      path: '/credits/coinbase',
      id: 'credits.coinbase.create',
      referenceId: 'createCoinbaseCharge',
      summary: 'Deprecated Coinbase Commerce charge: always 410 Gone',
      auth: 'none',
      faults: [410],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
