import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import type { DestinationRecord } from '../../management/destination-record.ts';
import { DEFAULT_WORKSPACE_ID } from '../../management/key-entry.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { newDestination, patchedDestination } from './destination-changes.ts';
import { CreateDestinationRequestSchema, ListDestinationsQuerySchema, UpdateDestinationRequestSchema } from './request.ts';
import { destinationData } from './response.ts';

/** reference listObservabilityDestinations: `limit` defaults to 50. */
const DEFAULT_PAGE_SIZE = 50;

/** The destination of the `{id}` path parameter, or the 404 (reference getObservabilityDestination). */
function destinationOf(env: GatewayEnv, ctx: RequestContext): DestinationRecord {
  const record = env.management.destinations.get(ctx.params.id ?? '');
  if (!record) throw new GatewayError(404, 'No observability destination with this id (deleted, never created, or forgotten by a control reset)');
  return record;
}

/**
 * reference listObservabilityDestinations: the default workspace's destinations unless
 * `workspace_id` names another, oldest first, a page by `offset` and `limit`, with `total_count`.
 * Every type the gateway accepts is a stable one, so none is left out.
 */
export async function listDestinations(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const query = readRequest(ListDestinationsQuerySchema, queryObject(ctx.url));
  const collection = await env.management.destinations.ready();
  const workspace = query.workspace_id ?? DEFAULT_WORKSPACE_ID;
  // Sorted first, paged after: @msw/data applies skip and take before orderBy.
  const all = collection.findMany((q) => q.where({ workspace_id: workspace }), { orderBy: { seq: 'asc' } });
  const offset = query.offset ?? 0;
  return jsonResponse({ data: all.slice(offset, offset + (query.limit ?? DEFAULT_PAGE_SIZE)).map(destinationData), total_count: all.length });
}

/** reference createObservabilityDestination: 201 with the destination, in the default workspace unless `workspace_id` names another. */
export async function createDestination(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(CreateDestinationRequestSchema, await ctx.json());
  const workspace = body.workspace_id ?? DEFAULT_WORKSPACE_ID;
  if (env.management.workspaces.get(workspace)?.id !== workspace) throw new GatewayError(400, `workspace_id: no workspace ${JSON.stringify(workspace)}`);
  const record = newDestination(env, body, workspace);
  await env.management.destinations.create(record);
  return jsonResponse({ data: destinationData(record) }, { status: 201 });
}

export function getDestination(env: GatewayEnv, ctx: RequestContext): Response {
  return jsonResponse({ data: destinationData(destinationOf(env, ctx)) });
}

/**
 * reference updateObservabilityDestination: only the fields given change. A destination of a
 * deleted workspace stays disabled (reference deleteWorkspace "disables its ... broadcast destinations").
 */
export async function updateDestination(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const record = destinationOf(env, ctx);
  const patch = readRequest(UpdateDestinationRequestSchema, await ctx.json());
  if (patch.enabled === true && env.management.workspaces.get(record.workspace_id)?.id !== record.workspace_id) {
    throw new GatewayError(400, `enabled: the workspace of this destination (${record.workspace_id}) was deleted; it stays disabled`);
  }
  const next = patchedDestination(env, record, patch);
  await env.management.destinations.put(next);
  return jsonResponse({ data: destinationData(next) });
}

/** reference deleteObservabilityDestination ("a soft delete"): gone from every answer after it. */
export async function deleteDestination(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.management.destinations.delete(destinationOf(env, ctx));
  return jsonResponse({ deleted: true });
}
