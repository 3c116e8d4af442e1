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
