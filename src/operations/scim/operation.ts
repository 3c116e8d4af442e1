import type { Endpoint, Operation } from '../operation.ts';

const endpoint = (method: Endpoint['method'], path: string, id: string, referenceId: string, summary: string, faults: readonly number[]): Endpoint => ({
  method,
  path,
  id,
  referenceId,
  summary,
  auth: 'management',
  faults,
  ...(method === 'POST' || method === 'PATCH' ? { maxBodyBytes: 16 * 1024 } : {}),
});

/**
 * The reference's SCIM operations (management key only) on the seeded organisation: its groups,
 * and the mappings of a group to a workspace role (kept until a control reset).
 */
export const scimOperation: Operation = {
  name: 'scim',
  endpoints: [
    endpoint('GET', '/scim/groups', 'scim.groups.list', 'listScimGroups', 'List the SCIM groups of the organization', [400, 401, 403, 404, 500]),
    endpoint('GET', '/scim/group-mappings', 'scim.mappings.list', 'listScimGroupMappings', 'List SCIM group-to-workspace mappings', [400, 401, 403, 404, 500]),
    endpoint(
      'POST',
      '/scim/group-mappings',
      'scim.mappings.create',
      'createScimGroupMapping',
      'Map a SCIM group to a workspace role',
      [400, 401, 403, 404, 409, 500],
    ),
    endpoint('GET', '/scim/group-mappings/:id', 'scim.mappings.get', 'getScimGroupMapping', 'Get a SCIM group mapping', [401, 403, 404, 500]),
    endpoint(
      'PATCH',
      '/scim/group-mappings/:id',
      'scim.mappings.update',
      'updateScimGroupMapping',
      "Change a SCIM group mapping's role",
      [400, 401, 403, 404, 500],
    ),
    endpoint(
      'DELETE',
      '/scim/group-mappings/:id',
      'scim.mappings.delete',
      'deleteScimGroupMapping',
      'Delete a SCIM group mapping (keep_members required)',
      [400, 401, 403, 404, 500],
    ),
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
