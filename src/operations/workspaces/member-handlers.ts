import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { isoSeconds } from '../../management/key-entry.ts';
import type { WorkspaceMemberRecord } from '../../management/workspace-record.ts';
import { workspaceOf } from '../../management/workspace-store.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { MembersRequestSchema, PageQuerySchema } from './request.ts';
import { memberData } from './response.ts';
import { DEFAULT_PAGE_SIZE } from './workspace-handlers.ts';

/** reference listWorkspaceMembers: a page by `offset` and `limit`, oldest first, with `total_count`. */
export function listMembers(env: GatewayEnv, ctx: RequestContext): Response {
  const query = readRequest(PageQuerySchema, queryObject(ctx.url));
  const workspace = workspaceOf(env.management.workspaces, ctx.params.id);
  const all = env.management.workspaces.members(workspace.id);
  const offset = query.offset ?? 0;
  const page = all.slice(offset, offset + (query.limit ?? DEFAULT_PAGE_SIZE));
  return jsonResponse({ data: page.map(memberData), total_count: all.length });
}

/**
 * reference bulkAddWorkspaceMembers: each member of the organization not yet a member of the
 * workspace becomes one, with the role they hold in the organization; another user id is a 400.
 */
export async function addMembers(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const store = env.management.workspaces;
  const workspace = workspaceOf(store, ctx.params.id);
  const { user_ids } = readRequest(MembersRequestSchema, await ctx.json());
  // reference bulkAddWorkspaceMembers: "Add multiple organization members" (GET /organization/members).
  const strangers = user_ids.filter((user) => !env.organization.member(user));
  if (strangers.length > 0) throw new GatewayError(400, `user_ids: no member of the organization with id ${strangers.slice(0, 3).join(', ')}`);
  const fresh = [...new Set(user_ids)].filter((user) => !store.member(workspace.id, user));
  if (store.members(workspace.id).length + fresh.length > store.bounds.maxMembersPerWorkspace) {
    throw new GatewayError(400, `user_ids: a workspace keeps at most ${store.bounds.maxMembersPerWorkspace} members`);
  }
  const added: WorkspaceMemberRecord[] = [];
  for (const user of fresh) {
    const { id, seq } = store.newId('member');
    const record: WorkspaceMemberRecord = {
      id,
      workspace_id: workspace.id,
      user_id: user,
      // "Members are assigned the same role they hold in the organization."
      role: env.organization.member(user)?.role === 'org:admin' ? 'admin' : 'member',
      created_at: isoSeconds(env.clock.now()),
      seq,
    };
    await store.putMember(record);
    added.push(record);
  }
  return jsonResponse({ data: added.map(memberData), added_count: added.length });
}

/**
 * reference bulkRemoveWorkspaceMembers: "Members with active API keys in the workspace cannot be
 * removed" (a 400 naming them, nothing removed); user ids that are not members count for nothing.
 */
export async function removeMembers(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const store = env.management.workspaces;
  const workspace = workspaceOf(store, ctx.params.id);
  const { user_ids } = readRequest(MembersRequestSchema, await ctx.json());
  const { keys } = await env.management.ready();
  const users = [...new Set(user_ids)];
  const holding = users.filter((user) => keys.findFirst((q) => q.where({ workspace_id: workspace.id, creator_user_id: user, disabled: false })));
  if (holding.length > 0) {
    throw new GatewayError(400, `user_ids: ${holding.join(', ')} still have active API keys in this workspace: disable or delete them first`);
  }
  let removed = 0;
  for (const user of users) {
    const record = store.member(workspace.id, user);
    if (!record) continue;
    await store.deleteMember(record);
    removed++;
  }
  return jsonResponse({ removed_count: removed });
}
