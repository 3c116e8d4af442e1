import type { OperationHandlers } from '../operation.ts';
import { GatewayError } from '../../errors/gateway-error.ts';

/** reference createCoinbaseCharge 410: its own words. */
export const COINBASE_GONE_MESSAGE =
  'The Coinbase APIs used by this endpoint have been deprecated, so the Coinbase Commerce credits API has been removed. Use the web credits purchase flow instead.';

/** The credits-coinbase operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = () => ({
  'credits.coinbase.create': async () => {
    throw new GatewayError(410, COINBASE_GONE_MESSAGE);
  },
});
