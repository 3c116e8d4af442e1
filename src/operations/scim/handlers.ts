import type { OperationHandlers } from '../operation.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { isoSeconds } from '../../management/key-entry.ts';
import { ORGANIZATION_ID, type ScimGroupMapping } from '../../management/organization-seed.ts';
import { MAX_SCIM_MAPPINGS } from '../../management/organization-store.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';
import { pagedAnswer } from '../page-query.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { CreateMappingRequestSchema, DeleteMappingQuerySchema, UpdateMappingRequestSchema } from './request.ts';

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

/** The scim operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
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
});
