import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { isoSeconds } from '../../management/key-entry.ts';
import { ORGANIZATION_ID, type ScimGroupMapping } from '../../management/organization-seed.ts';
import { MAX_SCIM_MAPPINGS } from '../../management/organization-store.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';
import type { Endpoint, Operation } from '../operation.ts';
import { pagedAnswer } from '../page-query.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { CreateMappingRequestSchema, DeleteMappingQuerySchema, UpdateMappingRequestSchema } from './request.ts';
import { docs } from './docs.ts';

const mappingOf = (env: GatewayEnv, ctx: RequestContext): ScimGroupMapping => {
  const mapping = env.organization.mapping(ctx.params.id ?? '');
  if (!mapping) throw new GatewayError(404, 'No SCIM group mapping with this id');
  return mapping;
};

async function createMapping(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(CreateMappingRequestSchema, await ctx.json());
  await env.management.ready();
  // reference createScimGroupMapping: 404 for a group or workspace that does not exist, 409 for a second mapping of the pair.
  if (!env.organization.group(body.scim_group_id)) throw new GatewayError(404, `scim_group_id: no SCIM group ${body.scim_group_id} (GET /scim/groups)`);
  if (env.management.workspaces.get(body.workspace_id)?.id !== body.workspace_id)
    throw new GatewayError(404, `workspace_id: no workspace ${body.workspace_id}`);
  const existing = env.organization.mappings();
  if (existing.some((m) => m.scim_group_id === body.scim_group_id && m.workspace_id === body.workspace_id)) {
    throw new GatewayError(409, 'This SCIM group is already mapped to this workspace: change its role with PATCH /scim/group-mappings/{id}');
  }
  if (existing.length >= MAX_SCIM_MAPPINGS) throw new GatewayError(400, `This gateway keeps at most ${MAX_SCIM_MAPPINGS} SCIM group mappings`);
  const now = isoSeconds(env.clock.now());
  const mapping: ScimGroupMapping = {
    id: seededUuid(env.seed, `scim-mapping:${env.management.nextSeq()}`),
    organization_id: ORGANIZATION_ID,
    ...body,
    created_at: now,
    updated_at: now,
  };
  await env.organization.putMapping(mapping);
  return jsonResponse({ data: mapping }, { status: 201 });
}

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
  docs,
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
  handlers: ({ env }) => ({
    'scim.groups.list': (ctx) => pagedAnswer(ctx, env.organization.groups(), (group) => group),
    'scim.mappings.list': (ctx) => pagedAnswer(ctx, env.organization.mappings(), (mapping) => mapping),
    'scim.mappings.create': (ctx) => createMapping(env, ctx),
    'scim.mappings.get': (ctx) => jsonResponse({ data: mappingOf(env, ctx) }),
    'scim.mappings.update': async (ctx) => {
      const body = readRequest(UpdateMappingRequestSchema, await ctx.json());
      const next = { ...mappingOf(env, ctx), role: body.role, updated_at: isoSeconds(env.clock.now()) };
      await env.organization.putMapping(next);
      return jsonResponse({ data: next });
    },
    'scim.mappings.delete': async (ctx) => {
      readRequest(DeleteMappingQuerySchema, queryObject(ctx.url));
      await env.organization.deleteMapping(mappingOf(env, ctx).id);
      return jsonResponse({ deleted: true });
    },
  }),
};
