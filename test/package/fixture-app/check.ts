// Type-checked with tsc against the shipped .d.ts files: a consumer's view of the public API.
import { createGateway, virtualClock, GatewayError, type Gateway, type GatewayOptions } from 'gatewaykit';
import { startServer, type RunningServer } from 'gatewaykit/node';
import { runConformance } from 'gatewaykit/conformance';
import { createGatewayTest, type GatewayFixture } from 'gatewaykit/vitest';
import { resolveRoute, type RouteDecision } from 'gatewaykit/internals';
import { ResponsesResultSchema } from 'gatewaykit/schemas';
import type { ResponsesResult } from 'gatewaykit';
// @ts-expect-error the zod schemas are not part of the root export (gatewaykit/schemas has them)
import { ResponsesResultSchema as notARootSchema } from 'gatewaykit';
// @ts-expect-error the engine's internals are not part of the root export (gatewaykit/internals has them)
import { resolveRoute as notARootExport } from 'gatewaykit';

const options: GatewayOptions = { seed: 1, clock: virtualClock(), baseUrl: 'http://gateway.test/api/v1' };
const gateway: Gateway = createGateway(options);
const status: number = new GatewayError(404, 'nope').status;
const server: Promise<RunningServer> = startServer({ port: 0 });
const conform: typeof runConformance = runConformance;
const test = createGatewayTest({ mode: 'msw' });
const useFixture = (fixture: GatewayFixture): Promise<Response> => fixture.fetch('/responses', { method: 'POST', headers: fixture.headers(), body: '{}' });

const route: typeof resolveRoute = resolveRoute;
const decision = (d: RouteDecision): string => d.provider;
const parseResult = (body: unknown): ResponsesResult => ResponsesResultSchema.parse(body);

export { gateway, status, server, conform, test, useFixture, route, decision, notARootExport, parseResult, notARootSchema };
