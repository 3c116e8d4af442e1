import type { OperationHandlers } from '../operation.ts';
import { assignKeys, assignMembers, listKeyAssignments, listMemberAssignments, unassignKeys, unassignMembers } from './assignment-handlers.ts';
import { createGuardrail, deleteGuardrail, guardrailOf, listGuardrails, updateGuardrail } from './guardrail-handlers.ts';
import { guardrailData } from './response.ts';
import { jsonResponse } from '../../http/raw-body.ts';

/** The guardrails operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'guardrails.list': (ctx) => listGuardrails(env, ctx),
  'guardrails.create': (ctx) => createGuardrail(env, ctx),
  'guardrails.key-assignments': (ctx) => listKeyAssignments(env, ctx),
  'guardrails.member-assignments': (ctx) => listMemberAssignments(env, ctx),
  'guardrails.get': async (ctx) => {
    await env.guardrails.ready();
    return jsonResponse({ data: guardrailData(guardrailOf(env, ctx)) });
  },
  'guardrails.update': (ctx) => updateGuardrail(env, ctx),
  'guardrails.delete': (ctx) => deleteGuardrail(env, ctx),
  'guardrails.keys.list': async (ctx) => listKeyAssignments(env, ctx, guardrailOf(env, ctx).id),
  'guardrails.keys.assign': (ctx) => assignKeys(env, ctx),
  'guardrails.keys.unassign': (ctx) => unassignKeys(env, ctx),
  'guardrails.members.list': async (ctx) => listMemberAssignments(env, ctx, guardrailOf(env, ctx).id),
  'guardrails.members.assign': (ctx) => assignMembers(env, ctx),
  'guardrails.members.unassign': (ctx) => unassignMembers(env, ctx),
});
