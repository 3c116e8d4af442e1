import type { ConformanceOptions } from '../run-conformance.ts';

/** The run against aimock (in-process server, catch-all fixture): as a user would start it, at the default runs and budget. */
export const AIMOCK_OPTIONS = { apiKey: 'sk-aimock', seed: 7 } satisfies Partial<ConformanceOptions>;

/**
 * The run against the Portkey gateway proxying to the simulator. Portkey's `GET /v1/models` fails
 * (500) when routed to a custom host, so the model is given.
 */
export const PORTKEY_OPTIONS = { apiKey: 'sk-gw-test', model: 'openai/gpt-4o-mini', seed: 7 } satisfies Partial<ConformanceOptions>;

/**
 * The run against Prism mocking the reference description: as a user would start it, at the
 * default runs and request budget. Prism lists the reference example's prices (gpt-4 at $30 and
 * $60 per million tokens, 4096 tokens out), so a run weighs more than the default $1, and nothing
 * is charged by a mock: the money cap is raised out of the way.
 */
export const PRISM_OPTIONS = { apiKey: 'sk-prism', seed: 7, maxSpend: 1000 } satisfies Partial<ConformanceOptions>;
