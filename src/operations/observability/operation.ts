import type { Endpoint, Operation } from '../operation.ts';

/** One endpoint of the Observability tag: management key only, the statuses its reference operation lists. */
function endpoint(method: Endpoint['method'], path: string, id: string, referenceId: string, summary: string, faults: readonly number[]): Endpoint {
  const writes = method === 'POST' || method === 'PATCH';
  // A create or an update carries the config's secrets: the journal keeps neither body.
  return { method, path, id, referenceId, summary, auth: 'management', faults, ...(writes ? { maxBodyBytes: MAX_BODY_BYTES, secretBodies: true } : {}) };
}

const ONE = '/observability/destinations/:id';

/** A destination body is small: a name, a config of a few URLs, keys and 32 headers, filter rules. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The reference's Observability operations (management key only): the broadcast destinations of
 * a workspace. Each paid generation of a workspace's keys is delivered to its enabled `webhook`
 * and `otel-collector` destinations as a signed OTLP/JSON POST (docs/observability.md); the other
 * types are kept and listed, never delivered to.
 */
export const observabilityOperation: Operation = {
  name: 'observability',
  endpoints: [
    endpoint(
      'GET',
      '/observability/destinations',
      'observability.list',
      'listObservabilityDestinations',
      'List observability destinations (paged by offset and limit)',
      [400, 401, 500],
    ),
    endpoint(
      'POST',
      '/observability/destinations',
      'observability.create',
      'createObservabilityDestination',
      'Create an observability destination',
      [400, 401, 403, 409, 500],
    ),
    endpoint('GET', ONE, 'observability.get', 'getObservabilityDestination', 'Get an observability destination', [401, 404, 500]),
    endpoint('PATCH', ONE, 'observability.update', 'updateObservabilityDestination', 'Update an observability destination', [400, 401, 403, 404, 409, 500]),
    endpoint('DELETE', ONE, 'observability.delete', 'deleteObservabilityDestination', 'Delete an observability destination', [401, 404, 500]),
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
