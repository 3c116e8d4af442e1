import type { OperationHandlers } from '../operation.ts';
import { createDestination, deleteDestination, getDestination, listDestinations, updateDestination } from './destination-handlers.ts';

/** The observability operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env }) => ({
  'observability.list': (ctx) => listDestinations(env, ctx),
  'observability.create': (ctx) => createDestination(env, ctx),
  'observability.get': async (ctx) => getDestination(env, ctx),
  'observability.update': (ctx) => updateDestination(env, ctx),
  'observability.delete': (ctx) => deleteDestination(env, ctx),
});
