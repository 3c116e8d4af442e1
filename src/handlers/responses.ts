import { statusesFor } from '../errors/documented-statuses.ts';
import type { GatewayEnv } from '../gateway-env.ts';
import type { Route } from '../http/route.ts';

/** POST /responses (spec 4.1). Placeholder until the Responses operation lands. */
export function responsesRoutes(_env: GatewayEnv): Route[] {
  return [
    {
      method: 'POST',
      path: '/responses',
      operation: 'responses.create',
      auth: 'key',
      paid: true,
      faults: statusesFor('responses'),
      async handle(ctx) {
        const body = await ctx.json();
        return Response.json({ object: 'response', status: 'completed', echo: body });
      },
    },
  ];
}
