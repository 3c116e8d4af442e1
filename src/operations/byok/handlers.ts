import type { OperationHandlers } from '../operation.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { byokLabel, type ByokRecord } from '../../management/byok-record.ts';
import { DEFAULT_WORKSPACE_ID, isoSeconds } from '../../management/key-entry.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { CreateByokRequestSchema, ListByokQuerySchema, UpdateByokRequestSchema } from './request.ts';
import { byokData } from './response.ts';

function recordOf(env: GatewayEnv, ctx: RequestContext): ByokRecord {
  const record = env.management.byok.get(ctx.params.id ?? '');
  if (!record) throw new GatewayError(404, 'No BYOK credential with this id (deleted, never created, or forgotten by a control reset)');
  return record;
}

/** reference: "Hashes that do not belong to your account return a 400". */
async function knownHashes(env: GatewayEnv, hashes: readonly string[] | null | undefined): Promise<void> {
  if (!hashes) return;
  await env.management.ready();
  const unknown = hashes.filter((hash) => !env.management.key(hash));
  if (unknown.length > 0) throw new GatewayError(400, `allowed_api_key_hashes: no API key has the hash ${unknown.slice(0, 3).join(', ')}`);
}

function knownProvider(env: GatewayEnv, provider: string): void {
  if (!env.catalog.providers.some((p) => p.slug === provider)) {
    throw new GatewayError(400, `provider: ${JSON.stringify(provider)} is not a provider of the catalogue (GET /providers lists them)`);
  }
}

async function listByok(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const query = readRequest(ListByokQuerySchema, queryObject(ctx.url));
  const credentials = await env.management.byok.ready();
  // reference listBYOKKeys: the default workspace unless `workspace_id` names another; global credentials everywhere.
  const workspace = query.workspace_id ?? DEFAULT_WORKSPACE_ID;
  const all = credentials.findMany(
    (q) => q.where({ workspace_id: (w) => w === workspace || w === null, ...(query.provider ? { provider: query.provider } : {}) }),
    {
      orderBy: { seq: 'asc' },
    },
  );
  const offset = query.offset ?? 0;
  return jsonResponse({ data: all.slice(offset, offset + (query.limit ?? 50)).map(byokData), total_count: all.length });
}

async function createByok(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(CreateByokRequestSchema, await ctx.json());
  const store = env.management.byok;
  if (store.count() >= store.maxCredentials)
    throw new GatewayError(400, `This gateway keeps at most ${store.maxCredentials} BYOK credentials: delete one first`);
  knownProvider(env, body.provider);
  const workspace = body.workspace_id ?? DEFAULT_WORKSPACE_ID;
  if (env.management.workspaces.get(workspace)?.id !== workspace) throw new GatewayError(400, `workspace_id: no workspace ${JSON.stringify(workspace)}`);
  await knownHashes(env, body.allowed_api_key_hashes);
  const seq = env.management.nextSeq();
  const record: ByokRecord = {
    id: seededUuid(env.seed, `byok:${seq}`),
    provider: body.provider,
    workspace_id: workspace,
    name: body.name ?? null,
    label: byokLabel(body.key),
    disabled: body.disabled ?? false,
    is_fallback: body.is_fallback ?? false,
    allowed_models: body.allowed_models ?? null,
    allowed_api_key_hashes: body.allowed_api_key_hashes ?? null,
    allowed_user_ids: body.allowed_user_ids ?? null,
    sort_order: body.sort_order ?? 0,
    created_at: isoSeconds(env.clock.now()),
    seq,
  };
  await store.put(record);
  return jsonResponse({ data: byokData(record) }, { status: 201 });
}

async function updateByok(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const record = recordOf(env, ctx);
  const { key, ...patch } = readRequest(UpdateByokRequestSchema, await ctx.json());
  await knownHashes(env, patch.allowed_api_key_hashes);
  const next: ByokRecord = { ...record, ...(key !== undefined ? { label: byokLabel(key) } : {}) };
  for (const [field, value] of Object.entries(patch)) if (value !== undefined && Object.hasOwn(record, field)) Object.assign(next, { [field]: value });
  await env.management.byok.put(next);
  return jsonResponse({ data: byokData(next) });
}

/** The byok operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'byok.list': (ctx) => listByok(env, ctx),
  'byok.create': (ctx) => createByok(env, ctx),
  'byok.get': async (ctx) => jsonResponse({ data: byokData(recordOf(env, ctx)) }),
  'byok.update': (ctx) => updateByok(env, ctx),
  'byok.delete': async (ctx) => {
    await env.management.byok.delete(recordOf(env, ctx));
    return jsonResponse({ deleted: true });
  },
});
