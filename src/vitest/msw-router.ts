import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { Gateway } from '../gateway/create-gateway.ts';
import { withIndependentCopies } from '../adapter/msw/independent-copies.ts';

/**
 * One msw server per test file that forwards each request to the gateway registered for its
 * origin. Tests get distinct origins, so concurrent tests (`test.concurrent`) never reach each
 * other's gateway, and no handler list is ever reset under a running test.
 */
export interface GatewayRouter {
  /** Route requests for `origin` to `gateway` until the returned function is called. */
  mount(origin: string, gateway: Gateway): () => void;
  close(): void;
}

export function createGatewayRouter(): GatewayRouter {
  const gateways = new Map<string, Gateway>();
  const server = setupServer(
    http.all('*', async ({ request }) => {
      const gateway = gateways.get(new URL(request.url).origin);
      // No gateway for this origin: fall through to the network (or the user's own handlers).
      // Bodies msw can clone without breaking `body.cancel()` (src/adapter/msw/independent-copies.ts).
      return gateway ? withIndependentCopies(await gateway.handle(request)) : undefined;
    }),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
  return {
    mount(origin, gateway) {
      if (gateways.has(origin)) throw new Error(`gatewaykit/vitest: ${origin} already has a gateway`);
      gateways.set(origin, gateway);
      return () => void gateways.delete(origin);
    },
    close: () => server.close(),
  };
}
