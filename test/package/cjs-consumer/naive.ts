// The form of the README, in a CommonJS project: gatewaykit's `require` types (.d.cts) name msw's
// CommonJS declarations, the ones msw/node gets here, so the handlers fit setupServer as they are.
import { setupServer } from 'msw/node';
import { createGateway } from 'gatewaykit';

const gateway = createGateway();
export const server = setupServer(...gateway.handlers);
