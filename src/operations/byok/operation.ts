import type { Operation } from '../operation.ts';

/** A credential body is small: a provider key, a name, allowlists of 100 entries. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The reference's BYOK operations (management key only): provider credentials by workspace. A
 * request routed to a provider with a credential that serves it is marked `is_byok` and billed as
 * one (docs/byok.md). The raw provider key is write-only: never kept, never answered.
 */
export const byokOperation: Operation = {
  name: 'byok',
  endpoints: [
    {
      method: 'GET',
      path: '/byok',
      id: 'byok.list',
      referenceId: 'listBYOKKeys',
      summary: 'List BYOK provider credentials',
      auth: 'management',
      faults: [400, 401, 500],
    },
    {
      method: 'POST',
      path: '/byok',
      id: 'byok.create',
      referenceId: 'createBYOKKey',
      summary: 'Create a BYOK provider credential',
      auth: 'management',
      faults: [400, 401, 403, 500],
      maxBodyBytes: MAX_BODY_BYTES,
      secretBodies: true,
    },
    {
      method: 'GET',
      path: '/byok/:id',
      id: 'byok.get',
      referenceId: 'getBYOKKey',
      summary: 'Get a BYOK provider credential',
      auth: 'management',
      faults: [401, 404, 500],
    },
    {
      method: 'PATCH',
      path: '/byok/:id',
      id: 'byok.update',
      referenceId: 'updateBYOKKey',
      summary: 'Update or rotate a BYOK provider credential',
      auth: 'management',
      faults: [400, 401, 404, 500],
      maxBodyBytes: MAX_BODY_BYTES,
      secretBodies: true,
    },
    {
      method: 'DELETE',
      path: '/byok/:id',
      id: 'byok.delete',
      referenceId: 'deleteBYOKKey',
      summary: 'Delete a BYOK provider credential',
      auth: 'management',
      faults: [401, 404, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
