import type { GatewayEnv } from '../env/gateway-env.ts';
import type { Route } from '../http/route.ts';
import { buildGatewayOpenApi } from './openapi-docs.ts';

/**
 * GET /openapi.json: the OpenAPI 3.1 description of this gateway's operations, without auth so
 * that tools (Swagger UI, client generators) can fetch it. `routes` is read at request time
 * because the route list that includes this one is still being built when this is called.
 */
export function openapiRoutes(env: GatewayEnv, routes: () => readonly Route[] = () => []): Route[] {
  let body: Promise<string> | undefined; // built once per gateway: routes and schemas never change
  return [
    {
      method: 'GET',
      path: '/openapi.json',
      operation: 'openapi.get',
      auth: 'none',
      faults: [],
      async handle() {
        body ??= buildGatewayOpenApi({ routes: routes(), serverUrl: env.baseUrl }).then((doc) => JSON.stringify(doc));
        return new Response(await body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
      },
    },
  ];
}
