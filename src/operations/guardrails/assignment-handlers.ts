import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { ACCOUNT_USER_ID, isoSeconds } from '../../management/key-entry.ts';
import { ORGANIZATION_ID } from '../../management/organization-seed.ts';
import { seededUuid } from '../../management/seeded-uuid.ts';
import { readRequest } from '../read-request.ts';
import { guardrailOf } from './guardrail-handlers.ts';
import { pagedAnswer } from '../page-query.ts';
import { KeyHashesRequestSchema, MemberIdsRequestSchema } from './request.ts';
import { keyAssignmentData, memberAssignmentData } from './response.ts';

/** Who made an assignment: the user behind the management key that asked (reference `assigned_by`). */
const assigner = (env: GatewayEnv, ctx: RequestContext) =>
  (ctx.apiKey ? env.management.keyBySecret(ctx.apiKey.key)?.creator_user_id : undefined) ?? ACCOUNT_USER_ID;

/** The listing of key assignments, one guardrail's or all; assignments of deleted keys are left out. */
export async function listKeyAssignments(env: GatewayEnv, ctx: RequestContext, guardrailId?: string): Promise<Response> {
  await env.management.ready();
  const { keyAssignments } = await env.guardrails.ready();
  const all = keyAssignments.findMany(
    (q) => q.where((a) => (guardrailId === undefined || a.guardrail_id === guardrailId) && env.management.key(a.key_hash) !== undefined),
    { orderBy: { seq: 'asc' } },
  );
  return pagedAnswer(ctx, all, (a) => keyAssignmentData(a, env.management.key(a.key_hash)));
}

export async function listMemberAssignments(env: GatewayEnv, ctx: RequestContext, guardrailId?: string): Promise<Response> {
  const { memberAssignments } = await env.guardrails.ready();
  const all = memberAssignments.findMany((q) => q.where((a) => guardrailId === undefined || a.guardrail_id === guardrailId), { orderBy: { seq: 'asc' } });
  return pagedAnswer(ctx, all, memberAssignmentData);
}

/** Every id of a bulk body once, each checked before anything changes (all or nothing). */
function distinctKnown(ids: string[], known: (id: string) => boolean, what: string): string[] {
  const distinct = [...new Set(ids)];
  const unknown = distinct.filter((id) => !known(id));
  if (unknown.length > 0)
    throw new GatewayError(
      400,
      `${what}: ${unknown
        .slice(0, 5)
        .map((id) => JSON.stringify(id.slice(0, 80)))
        .join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''} not found`,
    );
  return distinct;
}

function roomFor(env: GatewayEnv, adding: number, current: number): void {
  if (current + adding > env.guardrails.bounds.maxAssignments) {
    throw new GatewayError(400, `This gateway keeps at most ${env.guardrails.bounds.maxAssignments} assignments of each kind: remove some before adding more`);
  }
}

export async function assignKeys(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.management.ready();
  await env.guardrails.ready();
  // The body is judged first: a bad body is a 400 whichever guardrail it names.
  const body = readRequest(KeyHashesRequestSchema, await ctx.json());
  const guardrail = guardrailOf(env, ctx);
  const hashes = distinctKnown(body.key_hashes, (hash) => env.management.key(hash) !== undefined, 'key_hashes: no key with hash');
  const fresh = hashes.filter((hash) => !env.guardrails.keyAssignment(guardrail.id, hash));
  roomFor(env, fresh.length, env.guardrails.counts().keyAssignments);
  const by = assigner(env, ctx);
  for (const hash of fresh) {
    const seq = env.management.nextSeq();
    const id = seededUuid(env.seed, `guardrail-key-assignment:${seq}`);
    await env.guardrails.putKeyAssignment({ id, guardrail_id: guardrail.id, key_hash: hash, assigned_by: by, created_at: isoSeconds(env.clock.now()), seq });
  }
  return jsonResponse({ assigned_count: fresh.length });
}

export async function unassignKeys(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.guardrails.ready();
  // The body is judged first: a bad body is a 400 whichever guardrail it names.
  const body = readRequest(KeyHashesRequestSchema, await ctx.json());
  const guardrail = guardrailOf(env, ctx);
  let count = 0;
  for (const hash of new Set(body.key_hashes)) {
    const assignment = env.guardrails.keyAssignment(guardrail.id, hash);
    if (!assignment) continue;
    await env.guardrails.deleteKeyAssignment(assignment);
    count++;
  }
  return jsonResponse({ unassigned_count: count });
}

export async function assignMembers(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.guardrails.ready();
  // The body is judged first: a bad body is a 400 whichever guardrail it names.
  const body = readRequest(MemberIdsRequestSchema, await ctx.json());
  const guardrail = guardrailOf(env, ctx);
  const ids = distinctKnown(body.member_user_ids, (id) => env.organization.member(id) !== undefined, 'member_user_ids: no member of the organization with id');
  const fresh = ids.filter((id) => !env.guardrails.memberAssignment(guardrail.id, id));
  roomFor(env, fresh.length, env.guardrails.counts().memberAssignments);
  const by = assigner(env, ctx);
  for (const userId of fresh) {
    const seq = env.management.nextSeq();
    const id = seededUuid(env.seed, `guardrail-member-assignment:${seq}`);
    const record = {
      id,
      guardrail_id: guardrail.id,
      user_id: userId,
      organization_id: ORGANIZATION_ID,
      assigned_by: by,
      created_at: isoSeconds(env.clock.now()),
      seq,
    };
    await env.guardrails.putMemberAssignment(record);
  }
  return jsonResponse({ assigned_count: fresh.length });
}

export async function unassignMembers(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  await env.guardrails.ready();
  // The body is judged first: a bad body is a 400 whichever guardrail it names.
  const body = readRequest(MemberIdsRequestSchema, await ctx.json());
  const guardrail = guardrailOf(env, ctx);
  let count = 0;
  for (const userId of new Set(body.member_user_ids)) {
    const assignment = env.guardrails.memberAssignment(guardrail.id, userId);
    if (!assignment) continue;
    await env.guardrails.deleteMemberAssignment(assignment);
    count++;
  }
  return jsonResponse({ unassigned_count: count });
}
