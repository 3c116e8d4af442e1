import type { Endpoint, Operation } from '../operation.ts';

/** One endpoint of the Workspaces tag: management key only, the statuses its reference operation lists. */
function endpoint(method: Endpoint['method'], path: string, id: string, referenceId: string, summary: string, faults: readonly number[]): Endpoint {
  return {
    method,
    path,
    id,
    referenceId,
    summary,
    auth: 'management',
    faults,
    ...(method === 'GET' || method === 'DELETE' ? {} : { maxBodyBytes: MAX_BODY_BYTES }),
  };
}

const ONE = '/workspaces/:id';
const BUDGET = `${ONE}/budgets/:interval`;

/** A workspace body is small: names, a description of 500 characters, a few settings; 100 user ids. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The reference's Workspaces operations (management key only): CRUD, members in bulk and budgets
 * per interval. Keys belong to a workspace; a budget is enforced at once on its keys' paid
 * requests (402 past it; docs/management.md).
 */
export const workspacesOperation: Operation = {
  name: 'workspaces',
  endpoints: [
    endpoint('GET', '/workspaces', 'workspaces.list', 'listWorkspaces', 'List workspaces (paged by offset and limit)', [401, 500]),
    endpoint('POST', '/workspaces', 'workspaces.create', 'createWorkspace', 'Create a workspace', [400, 401, 403, 500]),
    endpoint('GET', ONE, 'workspaces.get', 'getWorkspace', 'Get a workspace by id or slug', [401, 404, 500]),
    endpoint('PATCH', ONE, 'workspaces.update', 'updateWorkspace', 'Update a workspace', [400, 401, 403, 404, 500]),
    endpoint('DELETE', ONE, 'workspaces.delete', 'deleteWorkspace', 'Delete a workspace without keys', [400, 401, 403, 404, 500]),
    endpoint('GET', `${ONE}/members`, 'workspaces.members.list', 'listWorkspaceMembers', 'List workspace members', [401, 403, 404, 500]),
    endpoint(
      'POST',
      `${ONE}/members/add`,
      'workspaces.members.add',
      'bulkAddWorkspaceMembers',
      'Add members to a workspace in bulk',
      [400, 401, 403, 404, 500],
    ),
    endpoint(
      'POST',
      `${ONE}/members/remove`,
      'workspaces.members.remove',
      'bulkRemoveWorkspaceMembers',
      'Remove members from a workspace in bulk',
      [400, 401, 403, 404, 500],
    ),
    endpoint('GET', `${ONE}/budgets`, 'workspaces.budgets.list', 'listWorkspaceBudgets', 'List workspace budgets', [401, 404, 500]),
    endpoint('GET', BUDGET, 'workspaces.budgets.get', 'getWorkspaceBudget', 'Get the budget of an interval', [400, 401, 404, 500]),
    endpoint(
      'PUT',
      BUDGET,
      'workspaces.budgets.set',
      'upsertWorkspaceBudget',
      'Create or update the budget of an interval (enforced at once)',
      [400, 401, 404, 500],
    ),
    endpoint('DELETE', BUDGET, 'workspaces.budgets.delete', 'deleteWorkspaceBudget', 'Delete the budget of an interval', [400, 401, 404, 500]),
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
