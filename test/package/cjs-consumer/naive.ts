// The form of the README, in a CommonJS project: msw's CommonJS declarations (msw/node here) and
// the ESM ones gatewaykit's types name are two different classes to TypeScript (TS2345).
import { setupServer } from 'msw/node';
import { createGateway } from 'gatewaykit';

const gateway = createGateway();
export const server = setupServer(...gateway.handlers);
