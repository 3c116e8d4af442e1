import type { Operation } from '../operation.ts';

/**
 * GET /benchmarks (reference getBenchmarks): "any valid OpenRouter API key", not billed; scores
 * for the catalogue's models, as of the gateway clock's day.
 */
export const benchmarksOperation: Operation = {
  name: 'benchmarks',
  endpoints: [
    {
      method: 'GET',
      path: '/benchmarks',
      id: 'benchmarks.get',
      referenceId: 'getBenchmarks',
      summary: 'Benchmark scores of the models',
      auth: 'key',
      faults: [400, 401, 429, 500],
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
