import type { OperationHandlers } from '../operation.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import { queryAnalytics } from './query-analytics.ts';
import { analyticsMetaData } from './response.ts';

/** The analytics operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'analytics.meta': () => jsonResponse({ data: analyticsMetaData() }),
  'analytics.query': (ctx) => queryAnalytics(env, ctx),
});
