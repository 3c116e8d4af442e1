import type { Mutant } from '../../mutants/mutant.ts';
import { onRequest } from '../../mutants/rewrite.ts';

/** A plausible bug of the analytics (reference queryAnalytics): it reads the wrong key's activity. */
export const analyticsMissesPaidAnswers: Mutant = {
  id: 'analytics-misses-paid-answers',
  breaks: 'reference queryAnalytics: a paid answer is not counted in the activity of the key that paid for it',
  rules: ['analytics.counts-paid-answer'],
  caughtBy: 'activity.counts-paid-answer',
  wrap: (fetch) =>
    onRequest(fetch, (request) => {
      // The query filters are answered as if for a key that never paid: the count never moves.
      if (request.method === 'POST' && request.url.pathname.endsWith('/analytics/query')) {
        const body = request.body as { filters?: Array<{ value?: unknown }> } | undefined;
        for (const filter of body?.filters ?? []) filter.value = '0'.repeat(64);
      }
    }),
};

export const ACTIVITY_MUTANTS: readonly Mutant[] = [analyticsMissesPaidAnswers];
