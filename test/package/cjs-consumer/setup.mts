// Fix 2 (docs/api.md): write the msw setup file as ESM (.mts) in the CommonJS project: both
// packages then resolve to msw's ESM declarations.
import { setupServer } from 'msw/node';
import { createGateway } from 'gatewaykit';

const gateway = createGateway();
export const server = setupServer(...gateway.handlers);
