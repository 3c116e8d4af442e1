import type { OperationHandlers } from '../operation.ts';
import type { ApiKey } from '../../auth/api-key.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { DEFAULT_WORKSPACE_ID } from '../../management/key-entry.ts';
import type { ManagedKeyRecord } from '../../management/managed-key-record.ts';
import { createKey } from '../../management/create-key.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { newKeyFromRequest, patchedKey } from './key-changes.ts';
import { CreateKeyRequestSchema, ListKeysQuerySchema, UpdateKeyRequestSchema } from './request.ts';
import { keyData } from './response.ts';

/** Keys per page of GET /keys (the reference pages by `offset` and states no page size). */
const KEYS_PAGE_SIZE = 100;

/** The key of a `{hash}` path parameter, or the reference's 404. */
function recordOf(env: GatewayEnv, ctx: RequestContext): ManagedKeyRecord {
  const record = env.management.key(ctx.params.hash ?? '');
  if (!record) throw new GatewayError(404, 'No API key with this hash (deleted, never created, or forgotten by a control reset)');
  return record;
}

/** The key as the request path sees it (its limit, its usage id). */
function ringKey(env: GatewayEnv, record: ManagedKeyRecord): ApiKey {
  const entry = env.management.ring.find(record.secret);
  if (!entry) throw new Error(`key ${record.hash} is in the store but not in the key ring`);
  return entry.apiKey;
}

const view = (env: GatewayEnv, record: ManagedKeyRecord) => keyData(record, ringKey(env, record), env.account);

async function listKeys(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const query = readRequest(ListKeysQuerySchema, queryObject(ctx.url));
  const { keys } = await env.management.ready();
  const workspace = query.workspace_id ?? DEFAULT_WORKSPACE_ID;
  const includeDisabled = query.include_disabled === 'true';
  // Sorted, then paged: @msw/data 1.1 applies `skip` and `take` before `orderBy`.
  const offset = query.offset ?? 0;
  const matching = keys.findMany((q) => q.where({ workspace_id: workspace, ...(includeDisabled ? {} : { disabled: false }) }), { orderBy: { seq: 'asc' } });
  const page = matching.slice(offset, offset + KEYS_PAGE_SIZE);
  return jsonResponse({ data: page.map((record) => view(env, record)) });
}

async function createKeyAnswer(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(CreateKeyRequestSchema, await ctx.json());
  const { record, secret } = await createKey(env.management, env.seed, env.clock.now(), newKeyFromRequest(body));
  // reference createKeys: 201, and the secret in `key`, shown this once.
  return jsonResponse({ data: view(env, record), key: secret }, { status: 201 });
}

async function updateKey(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.management.ready();
  const record = recordOf(env, ctx);
  const patch = readRequest(UpdateKeyRequestSchema, await ctx.json());
  const next = patchedKey(record, patch, env.clock.now());
  await env.management.putKey(next);
  return jsonResponse({ data: view(env, next) });
}

async function deleteKey(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.management.ready();
  await env.management.deleteKey(recordOf(env, ctx));
  return jsonResponse({ deleted: true });
}

/** The keys operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'keys.list': (ctx) => listKeys(env, ctx),
  'keys.create': (ctx) => createKeyAnswer(env, ctx),
  'keys.get': async (ctx) => {
    await env.management.ready();
    return jsonResponse({ data: view(env, recordOf(env, ctx)) });
  },
  'keys.update': (ctx) => updateKey(env, ctx),
  'keys.delete': (ctx) => deleteKey(env, ctx),
});
