import { GatewayError } from '../../errors/gateway-error.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { RequestContext } from '../../http/route.ts';
import { isoSeconds } from '../../management/key-entry.ts';
import type { BudgetInterval, WorkspaceBudgetRecord, WorkspaceRecord } from '../../management/workspace-record.ts';
import { workspaceOf } from '../../management/workspace-store.ts';
import { readRequest } from '../read-request.ts';
import { checkBudgetOrder } from './budget-rules.ts';
import { IntervalParamSchema, UpsertBudgetRequestSchema } from './request.ts';
import { budgetData } from './response.ts';

function target(env: GatewayEnv, ctx: RequestContext): { workspace: WorkspaceRecord; interval: BudgetInterval; current?: WorkspaceBudgetRecord } {
  const workspace = workspaceOf(env.management.workspaces, ctx.params.id);
  const parsed = IntervalParamSchema.safeParse(ctx.params.interval);
  if (!parsed.success) throw new GatewayError(400, `interval: must be one of daily, weekly, monthly, lifetime (got ${JSON.stringify(ctx.params.interval)})`);
  const current = env.management.workspaces.budgets(workspace.id).find((b) => b.interval === parsed.data);
  return { workspace, interval: parsed.data, ...(current ? { current } : {}) };
}

/** reference listWorkspaceBudgets. */
export function listBudgets(env: GatewayEnv, ctx: RequestContext): Response {
  const workspace = workspaceOf(env.management.workspaces, ctx.params.id);
  const data = env.management.workspaces.budgets(workspace.id).map(budgetData);
  return jsonResponse({ data, include_byok_in_budgets: workspace.include_byok_in_budgets });
}

/** reference getWorkspaceBudget: 404 when the interval has no budget. */
export function getBudget(env: GatewayEnv, ctx: RequestContext): Response {
  const { workspace, interval, current } = target(env, ctx);
  if (!current) throw new GatewayError(404, `This workspace has no ${interval} budget`);
  return jsonResponse({ data: budgetData(current), include_byok_in_budgets: workspace.include_byok_in_budgets });
}

/**
 * reference upsertWorkspaceBudget: creates or replaces the interval's budget, enforced at once
 * (the next paid request of the workspace's keys is held against it); `include_byok_in_budgets`,
 * when given, is the workspace's setting for every interval.
 */
export async function upsertBudget(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const { workspace, interval, current } = target(env, ctx);
  const body = readRequest(UpsertBudgetRequestSchema, await ctx.json());
  const store = env.management.workspaces;
  const limits = new Map(store.budgets(workspace.id).map((b) => [b.interval, b.limit_usd] as const));
  limits.set(interval, body.limit_usd);
  checkBudgetOrder(limits);
  const now = isoSeconds(env.clock.now());
  let settings = workspace;
  if (body.include_byok_in_budgets !== undefined && body.include_byok_in_budgets !== workspace.include_byok_in_budgets) {
    settings = { ...workspace, include_byok_in_budgets: body.include_byok_in_budgets, updated_at: now };
    await store.putWorkspace(settings);
  }
  const fresh = current ? undefined : store.newId('budget');
  const record: WorkspaceBudgetRecord = current
    ? { ...current, limit_usd: body.limit_usd, updated_at: now }
    : { id: fresh!.id, workspace_id: workspace.id, interval, limit_usd: body.limit_usd, created_at: now, updated_at: now, seq: fresh!.seq };
  await store.putBudget(record);
  return jsonResponse({ data: budgetData(record), include_byok_in_budgets: settings.include_byok_in_budgets });
}

/** reference deleteWorkspaceBudget: `deleted: true` "(or did not exist)". */
export async function deleteBudget(env: GatewayEnv, ctx: RequestContext): Promise<Response> {
  const { current } = target(env, ctx);
  if (current) await env.management.workspaces.deleteBudget(current);
  return jsonResponse({ deleted: true });
}
