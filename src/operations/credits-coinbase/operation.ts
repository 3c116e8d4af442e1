import { GatewayError } from '../../errors/gateway-error.ts';
import type { Operation } from '../operation.ts';
import { docs } from './docs.ts';

/** reference createCoinbaseCharge 410: its own words. */
export const COINBASE_GONE_MESSAGE =
  'The Coinbase APIs used by this endpoint have been deprecated, so the Coinbase Commerce credits API has been removed. Use the web credits purchase flow instead.';

/**
 * POST /credits/coinbase (reference `createCoinbaseCharge`, deprecated, `security: []`): "will
 * never return a 200 response": every request, with or without a key and whatever its body, is
 * the 410 Gone envelope with the reference's message.
 */
export const creditsCoinbaseOperation: Operation = {
  name: 'credits-coinbase',
  docs,
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
  handlers: () => ({
    'credits.coinbase.create': async () => {
      throw new GatewayError(410, COINBASE_GONE_MESSAGE);
    },
  }),
};
