import type { Mutant } from '../../mutants/mutant.ts';
import { onRequest } from '../../mutants/rewrite.ts';

export const workspaceBudgetIgnored: Mutant = {
  id: 'workspace-budget-ignored',
  breaks: 'reference upsertWorkspaceBudget: a budget is answered but never enforced (the request past it is served)',
  rules: ['workspaces.budget-402'],
  caughtBy: 'workspaces.budget-402',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      // The budget is acknowledged but never applied: the PUT goes to an interval no request reaches.
      if (request.method === 'PUT' && /\/workspaces\/[^/]+\/budgets\/daily$/.test(request.url.pathname)) {
        request.url.pathname = request.url.pathname.replace(/\/budgets\/daily$/, '/budgets/lifetime');
        if (typeof request.body === 'object' && request.body !== null) (request.body as { limit_usd: number }).limit_usd = 1e6;
      }
    }),
};

export const WORKSPACE_MUTANTS: readonly Mutant[] = [workspaceBudgetIgnored];
