import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { knownWorkspace } from '../../management/create-key.ts';
import type { GuardrailRecord } from '../../management/guardrail-record.ts';
import { DEFAULT_WORKSPACE_ID } from '../../management/key-entry.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';
import { queryObject, readRequest } from '../read-request.ts';
import { DEFAULT_PAGE_SIZE } from '../page-query.ts';
import { newGuardrail, patchedGuardrail } from './guardrail-changes.ts';
import { CreateGuardrailRequestSchema, ListGuardrailsQuerySchema, UpdateGuardrailRequestSchema } from './request.ts';
import { guardrailData } from './response.ts';

/** The guardrail of an `{id}` path parameter, or the reference's 404. */
export function guardrailOf(env: GatewayEnv, ctx: RequestContext): GuardrailRecord {
  const record = env.guardrails.guardrail(ctx.params.id ?? '');
  if (!record) throw new GatewayError(404, 'No guardrail with this id (deleted, never created, or forgotten by a control reset)');
  return record;
}

export async function listGuardrails(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const query = readRequest(ListGuardrailsQuerySchema, queryObject(ctx.url));
  const { guardrails } = await env.guardrails.ready();
  const workspace = query.workspace_id ?? DEFAULT_WORKSPACE_ID;
  const all = guardrails.findMany((q) => q.where({ workspace_id: workspace }), { orderBy: { seq: 'asc' } });
  const offset = query.offset ?? 0;
  const page = all.slice(offset, offset + (query.limit ?? DEFAULT_PAGE_SIZE));
  return jsonResponse({ data: page.map(guardrailData), total_count: all.length });
}

export async function createGuardrail(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const body = readRequest(CreateGuardrailRequestSchema, await ctx.json());
  await env.management.ready();
  const workspace = knownWorkspace(env.management, body.workspace_id);
  await env.guardrails.ready();
  if (env.guardrails.counts().guardrails >= env.guardrails.bounds.maxGuardrails) {
    throw new GatewayError(400, `This gateway keeps at most ${env.guardrails.bounds.maxGuardrails} guardrails: delete one before creating another`);
  }
  const seq = env.management.nextSeq();
  const record = newGuardrail(body, seededUuid(env.seed, `guardrail:${seq}`), workspace, seq, env.clock.now());
  await env.guardrails.putGuardrail(record);
  // reference createGuardrail: 201.
  return jsonResponse({ data: guardrailData(record) }, { status: 201 });
}

export async function updateGuardrail(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.guardrails.ready();
  const record = guardrailOf(env, ctx);
  const patch = readRequest(UpdateGuardrailRequestSchema, await ctx.json());
  const next = patchedGuardrail(record, patch, env.clock.now());
  await env.guardrails.putGuardrail(next);
  return jsonResponse({ data: guardrailData(next) });
}

export async function deleteGuardrail(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.guardrails.ready();
  await env.guardrails.deleteGuardrail(guardrailOf(env, ctx).id);
  return jsonResponse({ deleted: true });
}
