import type { Operation } from '../operation.ts';

/** A management body is small: a name, a limit, a few flags. */
const MAX_BODY_BYTES = 64 * 1024;

// The statuses the reference lists for each operation (X-Gatewaykit-Fault may force them).
const LIST_FAULTS = [400, 401, 429, 500] as const;
const CREATE_FAULTS = [400, 401, 403, 429, 500] as const;
const GET_FAULTS = [401, 404, 429, 500] as const;
const UPDATE_FAULTS = [400, 401, 404, 429, 500] as const;

/**
 * The reference's API Keys operations (management key only, spec 5.3): list, create, get, update
 * and delete. Keys created here authenticate at once on every operation; disabled or deleted keys
 * answer 401; their limits answer 402 (docs/management.md).
 */
export const keysOperation: Operation = {
  name: 'keys',
  endpoints: [
    { method: 'GET', path: '/keys', id: 'keys.list', referenceId: 'list', summary: 'List API keys (paged by offset)', auth: 'management', faults: LIST_FAULTS },
    {
      method: 'POST',
      path: '/keys',
      id: 'keys.create',
      referenceId: 'createKeys',
      summary: 'Create an API key; its secret is shown once',
      auth: 'management',
      faults: CREATE_FAULTS,
      maxBodyBytes: MAX_BODY_BYTES,
      secretBodies: true,
    },
    { method: 'GET', path: '/keys/:hash', id: 'keys.get', referenceId: 'getKey', summary: 'Get an API key by hash', auth: 'management', faults: GET_FAULTS },
    {
      method: 'PATCH',
      path: '/keys/:hash',
      id: 'keys.update',
      referenceId: 'updateKeys',
      summary: 'Update an API key (name, limit, reset, disabled)',
      auth: 'management',
      faults: UPDATE_FAULTS,
      maxBodyBytes: MAX_BODY_BYTES,
    },
    {
      method: 'DELETE',
      path: '/keys/:hash',
      id: 'keys.delete',
      referenceId: 'deleteKeys',
      summary: 'Delete an API key',
      auth: 'management',
      faults: GET_FAULTS,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
