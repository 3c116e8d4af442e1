import type { Mutant } from '../../mutants/mutant.ts';
import { onRequest } from '../../mutants/rewrite.ts';

export const presetBudgetNotKept: Mutant = {
  id: 'preset-budget-not-kept',
  breaks: 'docs/decisions/0076: a preset is created but its max_tokens is never kept (so never applied)',
  rules: ['presets.applies'],
  caughtBy: 'presets.applies',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      if (
        request.method === 'POST' &&
        /\/presets\/[^/]+\/chat\/completions$/.test(request.url.pathname) &&
        typeof request.body === 'object' &&
        request.body !== null
      )
        delete (request.body as { max_tokens?: number }).max_tokens;
    }),
};

export const PRESET_MUTANTS: readonly Mutant[] = [presetBudgetNotKept];
