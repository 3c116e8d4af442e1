// Type-checked with tsc against the shipped .d.ts files: a consumer's view of the public API.
import { createGateway, virtualClock, GatewayError, type Gateway, type GatewayOptions } from 'gatewaykit';
import { startServer, type RunningServer } from 'gatewaykit/node';
import { runConformance } from 'gatewaykit/conformance';
import { createGatewayTest, type GatewayFixture } from 'gatewaykit/vitest';

const options: GatewayOptions = { seed: 1, clock: virtualClock(), baseUrl: 'http://gateway.test/api/v1' };
const gateway: Gateway = createGateway(options);
const status: number = new GatewayError(404, 'nope').status;
const server: Promise<RunningServer> = startServer({ port: 0 });
const conform: typeof runConformance = runConformance;
const test = createGatewayTest({ mode: 'msw' });
const useFixture = (fixture: GatewayFixture): Promise<Response> => fixture.fetch('/responses', { method: 'POST', headers: fixture.headers(), body: '{}' });

export { gateway, status, server, conform, test, useFixture };
