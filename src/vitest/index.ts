/**
 * gatewaykit/vitest: a fresh simulated gateway per test as a vitest fixture.
 *
 * @example
 * import { expect } from 'vitest';
 * import { gatewayTest as test } from 'gatewaykit/vitest';
 *
 * test('summarises', async ({ gateway }) => {
 *   const res = await gateway.fetch('/models', { headers: gateway.headers() });
 *   expect(res.status).toBe(200);
 * });
 */
export { createGatewayTest, gatewayTest } from './create-gateway-test.ts';
export type { GatewayTestOptions } from './create-gateway-test.ts';
export { gatewayFixture } from './gateway-fixture.ts';
export type { ForcedFault, GatewayFixture } from './gateway-fixture.ts';
export { createSharedGatewayTest } from './create-shared-gateway-test.ts';
export type { SharedGatewayTestOptions } from './create-shared-gateway-test.ts';
export { sharedGatewayFixture } from './shared-gateway-fixture.ts';
export type { SharedGatewayFixture } from './shared-gateway-fixture.ts';
export { testScopeId } from './test-scope-id.ts';
