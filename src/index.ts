/**
 * gatewaykit: a simulated Gateway API (msw handlers and a fetch function over one core) and the
 * schemas, errors and clocks it is built from. Server mode: `gatewaykit/node`. Conformance:
 * `gatewaykit/conformance`.
 */

// Gateway
export { createGateway, DEFAULT_BASE_URL, DEFAULT_MAX_BODY_BYTES } from './gateway.ts';
export type { Gateway, GatewayOptions } from './gateway.ts';
export type { GatewayControl } from './gateway-control.ts';
export type { GatewayEnv } from './gateway-env.ts';

// Clock
export { systemClock, virtualClock, DEFAULT_VIRTUAL_EPOCH_MS } from './clock/index.ts';
export type { Clock, TimerHandle, VirtualClock } from './clock/index.ts';

// Errors (spec 7)
export { GatewayError, errorBody, errorResponse, DOCUMENTED_STATUSES, documentedStatus, statusesFor } from './errors/index.ts';
export type { ErrorBody, GatewayErrorOptions, DocumentedStatus } from './errors/index.ts';

// Schemas
export { ErrorBodySchema } from './schemas/error-body.ts';
export type { ErrorBodyShape } from './schemas/error-body.ts';

// Auth
export { ApiKeySchema, DEFAULT_API_KEYS } from './auth/api-key.ts';
export type { ApiKey } from './auth/api-key.ts';

// Catalogue
export { CatalogSchema } from './catalog/catalog.ts';
export type { Catalog, CatalogInput } from './catalog/catalog.ts';
export { DEFAULT_CATALOG } from './catalog/default-catalog.ts';

// Deterministic randomness
export { seededRandom, hash53, stableStringify } from './random/index.ts';
export type { SeededRandom } from './random/index.ts';
