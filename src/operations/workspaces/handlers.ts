import type { OperationHandlers } from '../operation.ts';
import { deleteBudget, getBudget, listBudgets, upsertBudget } from './budget-handlers.ts';
import { addMembers, listMembers, removeMembers } from './member-handlers.ts';
import { createWorkspace, deleteWorkspace, getWorkspace, listWorkspaces, updateWorkspace } from './workspace-handlers.ts';

/** The workspaces operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'workspaces.list': (ctx) => listWorkspaces(env, ctx),
  'workspaces.create': (ctx) => createWorkspace(env, ctx),
  'workspaces.get': async (ctx) => getWorkspace(env, ctx),
  'workspaces.update': (ctx) => updateWorkspace(env, ctx),
  'workspaces.delete': (ctx) => deleteWorkspace(env, ctx),
  'workspaces.members.list': async (ctx) => listMembers(env, ctx),
  'workspaces.members.add': (ctx) => addMembers(env, ctx),
  'workspaces.members.remove': (ctx) => removeMembers(env, ctx),
  'workspaces.budgets.list': async (ctx) => listBudgets(env, ctx),
  'workspaces.budgets.get': async (ctx) => getBudget(env, ctx),
  'workspaces.budgets.set': (ctx) => upsertBudget(env, ctx),
  'workspaces.budgets.delete': (ctx) => deleteBudget(env, ctx),
});
