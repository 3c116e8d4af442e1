// Fix 1 (docs/api.md): tell TypeScript the handlers are the msw of this file; at run time they are.
import { setupServer } from 'msw/node';
import { createGateway } from 'gatewaykit';

const gateway = createGateway();
export const server = setupServer(...(gateway.handlers as unknown as Parameters<typeof setupServer>));
