import type { OperationHandlers } from '../operation.ts';
import { benchmarks } from '../../datasets/benchmarks.ts';
import { parseBenchmarksQuery } from '../../datasets/benchmarks-query.ts';
import { jsonResponse } from '../../http/raw-body.ts';

/** The benchmarks operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'benchmarks.get': (ctx) => jsonResponse(benchmarks(env.catalog.models, env.seed, parseBenchmarksQuery(ctx.url.searchParams), env.clock.now())),
});
