import { z } from 'zod';
import { WORKSPACE_COMPONENTS } from '../../schemas/workspace-responses.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { managementDoc, PAGING } from '../../openapi/common-parameters.ts';

const ID: ParameterDoc = { name: 'id', in: 'path', required: true, description: 'The workspace id (UUID) or slug.', schema: z.string() };
const INTERVAL: ParameterDoc = {
  name: 'interval',
  in: 'path',
  required: true,
  description: 'The budget interval; `lifetime` never resets.',
  schema: z.enum(['daily', 'weekly', 'monthly', 'lifetime']),
};

const doc = managementDoc('Workspaces');

/** The Workspaces operations in `/openapi.json` (management key only), and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'workspaces.list': doc('The default workspace and those created here, oldest first, with `total_count`.', 'WorkspacesListResponse', PAGING),
    'workspaces.create': doc(
      'Body: `name` and `slug` (required; the slug unique, else 400), `description`, default models and provider sort, logging settings. Answers 201.',
      'WorkspaceResponse',
      [],
      201,
    ),
    'workspaces.get': doc('The workspace with this id or slug; 404 for none.', 'WorkspaceResponse', [ID]),
    'workspaces.update': doc('Body: any field of createWorkspace; the fields given change.', 'WorkspaceResponse', [ID]),
    'workspaces.delete': doc(
      'A workspace with API keys answers 400 (delete its keys first); the default workspace answers 403. Its members and budgets go with it.',
      'WorkspaceDeletedResponse',
      [ID],
    ),
    'workspaces.members.list': doc(
      'Members oldest first with `total_count`; the default workspace lists the organization implicitly.',
      'WorkspaceMembersListResponse',
      [ID, ...PAGING],
    ),
    'workspaces.members.add': doc(
      'Body: `user_ids` (1 to 100). Users not yet members become members; `added_count` counts them.',
      'WorkspaceMembersAddedResponse',
      [ID],
    ),
    'workspaces.members.remove': doc(
      'Body: `user_ids` (1 to 100). A member with an active key in the workspace answers 400 and nothing is removed.',
      'WorkspaceMembersRemovedResponse',
      [ID],
    ),
    'workspaces.budgets.list': doc('Every budget of the workspace and `include_byok_in_budgets`.', 'WorkspaceBudgetsListResponse', [ID]),
    'workspaces.budgets.get': doc("The interval's budget; 404 when it has none.", 'WorkspaceBudgetResponse', [ID, INTERVAL]),
    'workspaces.budgets.set': doc(
      "Body: `limit_usd` (> 0), `include_byok_in_budgets` (the workspace's setting for every interval). Budgets strictly decrease as the interval narrows (lifetime > monthly > weekly > daily), else 400. Enforced at once: a paid request of the workspace's keys that would pass it answers 402, on the gateway clock's UTC day, week and month.",
      'WorkspaceBudgetResponse',
      [ID, INTERVAL],
    ),
    'workspaces.budgets.delete': doc('Removes the budget (`deleted: true` when there was none too).', 'WorkspaceDeletedResponse', [ID, INTERVAL]),
  },
  components: { answers: WORKSPACE_COMPONENTS },
};
