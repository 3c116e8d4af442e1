import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { DEFAULT_WORKSPACE_ID, isoSeconds } from '../../management/key-entry.ts';
import { workspaceOf } from '../../management/workspace-store.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { CreateWorkspaceRequestSchema, PageQuerySchema, UpdateWorkspaceRequestSchema } from './request.ts';
import { workspaceData } from './response.ts';
import { freeSlug, newWorkspace, patchedWorkspace } from './workspace-changes.ts';

/** reference listWorkspaces and listWorkspaceMembers: `limit` defaults to 50. */
export const DEFAULT_PAGE_SIZE = 50;

/** reference listWorkspaces: a page by `offset` and `limit`, oldest first, with `total_count`. */
export async function listWorkspaces(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const query = readRequest(PageQuerySchema, queryObject(ctx.url));
  const { workspaces } = await env.management.workspaces.ready();
  const page = workspaces.findMany(undefined, { skip: query.offset ?? 0, take: query.limit ?? DEFAULT_PAGE_SIZE, orderBy: { seq: 'asc' } });
  return jsonResponse({ data: page.map(workspaceData), total_count: env.management.workspaces.count() });
}

/** reference createWorkspace: 201 with the workspace. */
export async function createWorkspace(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(CreateWorkspaceRequestSchema, await ctx.json());
  const store = env.management.workspaces;
  if (store.count() >= store.bounds.maxWorkspaces) {
    throw new GatewayError(
      400,
      `This gateway keeps at most ${store.bounds.maxWorkspaces} workspaces: delete one (DELETE /workspaces/{id}) before creating another`,
    );
  }
  freeSlug(store, body.slug);
  const { id, seq } = store.newId('workspace');
  const record = newWorkspace(body, id, seq, env.clock.now(), env.seed);
  await store.putWorkspace(record);
  return jsonResponse({ data: workspaceData(record) }, { status: 201 });
}

export function getWorkspace(env: GatewayEnv, ctx: RequestContext): Response {
  return jsonResponse({ data: workspaceData(workspaceOf(env.management.workspaces, ctx.params.id)) });
}

/** reference updateWorkspace: the fields given change; a slug stays unique. */
export async function updateWorkspace(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const store = env.management.workspaces;
  const record = workspaceOf(store, ctx.params.id);
  const patch = readRequest(UpdateWorkspaceRequestSchema, await ctx.json());
  if (patch.slug !== undefined) freeSlug(store, patch.slug, record.id);
  const next = patchedWorkspace(record, patch, env.clock.now());
  await store.putWorkspace(next);
  return jsonResponse({ data: workspaceData(next) });
}

/**
 * reference deleteWorkspace: "Workspaces with active API keys cannot be deleted; remove the keys
 * first" (a 400 naming them), and the default workspace answers 403 ("not yet generally
 * available"). Its budgets and members go with it; its observability destinations are disabled.
 */
export async function deleteWorkspace(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const store = env.management.workspaces;
  const record = workspaceOf(store, ctx.params.id);
  if (record.id === DEFAULT_WORKSPACE_ID) throw new GatewayError(403, 'Deleting the default workspace is not available');
  const { keys } = await env.management.ready();
  const held = keys.findMany((q) => q.where({ workspace_id: record.id }), { take: 3 });
  if (held.length > 0) {
    throw new GatewayError(
      400,
      `This workspace has API keys (${held.map((k) => k.name).join(', ')}${held.length === 3 ? ', ...' : ''}): delete them (DELETE /keys/{hash}) first`,
    );
  }
  // Its BYOK credentials could serve no key any more: they go with it.
  for (const credential of env.management.byok.records()) if (credential.workspace_id === record.id) await env.management.byok.delete(credential);
  // reference deleteWorkspace: "permanently deletes its budgets and guardrails" (with their assignments).
  for (const guardrail of env.guardrails.snapshot().guardrails) if (guardrail.workspace_id === record.id) await env.guardrails.deleteGuardrail(guardrail.id);
  // reference deleteWorkspace: it "disables its ... broadcast destinations" (kept, listed, never delivered to).
  for (const destination of env.management.destinations.records()) {
    if (destination.workspace_id === record.id && destination.enabled)
      await env.management.destinations.put({ ...destination, enabled: false, updated_at: isoSeconds(env.clock.now()) });
  }
  await store.deleteWorkspace(record);
  return jsonResponse({ deleted: true });
}
