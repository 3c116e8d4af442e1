import { benchmarks } from '../../datasets/benchmarks.ts';
import { parseBenchmarksQuery } from '../../datasets/benchmarks-query.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { Operation } from '../operation.ts';
import { docs } from './docs.ts';

/**
 * GET /benchmarks (reference getBenchmarks): "any valid OpenRouter API key", not billed; scores
 * for the catalogue's models, as of the gateway clock's day.
 */
export const benchmarksOperation: Operation = {
  name: 'benchmarks',
  docs,
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
  handlers: ({ env }) => ({
    'benchmarks.get': (ctx) => jsonResponse(benchmarks(env.catalog.models, env.seed, parseBenchmarksQuery(ctx.url.searchParams), env.clock.now())),
  }),
};
