import { getResponse, http, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { withIndependentCopies } from '../msw/independent-copies.ts';
import { releaseResponseClones } from '../msw/release-response-clones.ts';
import type { Gateway } from '../gateway/create-gateway.ts';

/** The part of an msw server (`setupServer()` of msw/node) the router uses. */
export type MswServer = Pick<SetupServer, 'use' | 'listHandlers' | 'events'>;

/**
 * One msw handler per test file that forwards each request to the gateway registered for its
 * origin. Tests get distinct origins, so concurrent tests (`test.concurrent`) never reach each
 * other's gateway, and no handler list is ever reset under a running test. The handler lives on
 * the router's own msw server, or on the user's (`createGatewayTest({ server })`), ahead of the
 * user's handlers; requests for other origins fall through to them.
 */
export interface GatewayRouter {
  /** Route requests for `origin` to `gateway` until the returned function is called. */
  mount(origin: string, gateway: Gateway): Mounted;
  close(): void;
}

export interface Mounted {
  /** Handlers of one test, tried before its gateway (and before the user's), until unmount. */
  use(...handlers: RequestHandler[]): void;
  unmount(): void;
}

interface Entry {
  readonly gateway: Gateway;
  readonly extra: RequestHandler[];
}

/**
 * @example
 * const router = createGatewayRouter();
 * const mounted = router.mount('http://t1.gateway.test', createGateway({ baseUrl: 'http://t1.gateway.test/api/v1' }));
 * mounted.unmount();
 * router.close();
 */
export function createGatewayRouter(userServer?: MswServer): GatewayRouter {
  const entries = new Map<string, Entry>();

  const route = http.all('*', async ({ request }) => {
    const origin = new URL(request.url).origin;
    const own = entries.get(origin);
    // A test's own handlers first: for its origin only its own; for any other origin, those of
    // every running test (a concurrent test should match on URLs only it uses).
    const extra = own ? own.extra : [...entries.values()].flatMap((e) => e.extra);
    if (extra.length > 0) {
      const answered = await getResponse(extra, request);
      if (answered) return withIndependentCopies(answered);
    }
    // No gateway for this origin: fall through to the user's handlers or the network.
    // Bodies msw can clone without breaking `body.cancel()` (src/msw/independent-copies.ts).
    return own ? withIndependentCopies(await own.gateway.handle(request)) : undefined;
  });

  // The user's server: our handler goes first (`use` prepends). Their `server.resetHandlers()`
  // drops it, so every mount puts it back if it is gone (afterEach hooks reset between tests).
  const ownServer = userServer ? undefined : setupServer(route);
  const server: MswServer = userServer ?? ownServer!;
  const release = releaseResponseClones(server);
  if (userServer) userServer.use(route);
  else ownServer!.listen({ onUnhandledRequest: 'bypass' });

  return {
    mount(origin, gateway) {
      if (entries.has(origin)) throw new Error(`gatewaykit/vitest: ${origin} already has a gateway`);
      if (!server.listHandlers().includes(route)) server.use(route);
      const entry: Entry = { gateway, extra: [] };
      entries.set(origin, entry);
      return {
        use: (...handlers) => void entry.extra.unshift(...handlers),
        unmount: () => void entries.delete(origin),
      };
    },
    close() {
      release();
      ownServer?.close();
    },
  };
}
