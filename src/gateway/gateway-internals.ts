import type { GatewayEnv } from '../env/gateway-env.ts';

/**
 * Where a gateway keeps its environment for the package's own adapters and tests. A symbol
 * property, not a member of the public {@link Gateway} interface: users see the documented
 * surface, adapters inside the package still reach the core's dependencies (e.g. `reportError`).
 */
const INTERNALS = Symbol.for('gatewaykit.internals');

/**
 * Attach `env` to a gateway object (createGateway does this once).
 *
 * @example
 * const gateway = withInternals({ ...surface }, env);
 */
export function withInternals<T extends object>(gateway: T, env: GatewayEnv): T {
  Object.defineProperty(gateway, INTERNALS, { value: env, enumerable: false });
  return gateway;
}

/**
 * The environment of a gateway made by createGateway; undefined for any other object.
 *
 * @example
 * gatewayInternals(gateway)?.reportError(error);
 */
export function gatewayInternals(gateway: object): GatewayEnv | undefined {
  return (gateway as { [INTERNALS]?: GatewayEnv })[INTERNALS];
}
