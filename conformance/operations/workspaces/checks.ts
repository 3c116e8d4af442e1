import type { Check, CheckContext, CheckOutcome } from '../../check.ts';
import { exchangeJson, observedOf, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { isSendError, outcomeOfError } from '../../property/outcome-of-error.ts';

const NAME = 'gatewaykit conformance budget';
const SLUG = 'gatewaykit-conformance-budget';
/** A daily budget no request's worst case fits in (reference upsertWorkspaceBudget: "Must be greater than 0"). */
const TINY_BUDGET_USD = 0.000001;

const field = (answer: Exchange, path: 'data.id' | 'data.hash' | 'key'): string | undefined => {
  const body = exchangeJson(answer) as { key?: unknown; data?: Record<string, unknown> } | undefined;
  const value = path === 'key' ? body?.key : body?.data?.[path.slice(5)];
  return answer.status < 300 && typeof value === 'string' ? value : undefined;
};

/** The request of the workspace's key that would pass the budget: a small chat request. */
const chatProbe = (ctx: CheckContext, secret: string): Probe => ({
  method: 'POST',
  path: '/chat/completions',
  auth: { header: `Bearer ${secret}` },
  body: { model: ctx.model, messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 16 },
});

/** With the workspace and its key made: set the budget, send the request, judge its 402. */
async function refusedPastBudget(ctx: CheckContext, workspaceId: string, secret: string): Promise<CheckOutcome> {
  const set = await ctx.client.send({
    method: 'PUT',
    path: `/workspaces/${workspaceId}/budgets/daily`,
    auth: 'management',
    body: { limit_usd: TINY_BUDGET_USD },
  });
  if (set.status !== 200) return { status: 'skipped', reason: `could not set a daily budget (PUT answered ${set.status})` };
  const probe = chatProbe(ctx, secret);
  const answer = await ctx.client.send(probe);
  const problems = expectError(402)(answer);
  if (problems.length === 0) return { status: 'passed', probed: { examples: 1, rules: ['workspaces.budget-402'] } };
  return {
    status: 'failed',
    reason: `past a $${TINY_BUDGET_USD} daily workspace budget: ${problems.join('; ')}`,
    counterexample: probe,
    observed: observedOf(answer),
  };
}

/**
 * reference upsertWorkspaceBudget ("applied to budget enforcement immediately"), spec 7: a request
 * of a workspace's key that would pass the workspace's budget is refused with 402 and the envelope.
 * Budget: it creates at most TWO objects, ONE workspace and ONE key in it (no limit of its own), sets
 * a daily budget of $0.000001, sends ONE paid request, and deletes the key and the workspace
 * whatever happened between; the management key only, never the control API.
 */
export const workspaceBudgetRefuses: Check = {
  id: 'workspaces.budget-402',
  spec: 'spec 7; reference upsertWorkspaceBudget',
  rules: ['workspaces.budget-402'],
  title: 'A workspace budget refuses (402) the request that would pass it (creates one workspace and one key, deletes both; management key only)',
  owes: () => ({ own: 1 }),
  async run(ctx) {
    if (!ctx.hasManagementKey) return { status: 'skipped', reason: 'needs a management key (--management-key); none given to this run' };
    const created = await ctx.client.send({ method: 'POST', path: '/workspaces', auth: 'management', body: { name: NAME, slug: SLUG } });
    const workspaceId = field(created, 'data.id');
    if (!workspaceId) return { status: 'skipped', reason: `could not create a workspace (POST /workspaces answered ${created.status})` };
    let hash: string | undefined;
    try {
      const key = await ctx.client.send({ method: 'POST', path: '/keys', auth: 'management', body: { name: NAME, workspace_id: workspaceId } });
      hash = field(key, 'data.hash');
      const secret = field(key, 'key');
      if (!secret) return { status: 'skipped', reason: `could not create a key in the workspace (POST /keys answered ${key.status})` };
      return await refusedPastBudget(ctx, workspaceId, secret);
    } catch (error) {
      if (!isSendError(error)) throw error;
      return outcomeOfError(error, chatProbe(ctx, ''));
    } finally {
      if (hash) await ctx.client.send({ method: 'DELETE', path: `/keys/${hash}`, auth: 'management' });
      await ctx.client.send({ method: 'DELETE', path: `/workspaces/${workspaceId}`, auth: 'management' });
    }
  },
};

export const WORKSPACE_CHECKS: readonly Check[] = [workspaceBudgetRefuses];
