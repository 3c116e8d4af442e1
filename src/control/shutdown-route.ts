import { GatewayError } from '../errors/gateway-error.ts';
import { jsonResponse } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';

/**
 * `POST /__gatewaykit/shutdown`: stop the server this gateway runs in, as SIGTERM would (answers in
 * flight finish, the state file is closed), for scripts that started it in the background with a
 * wrapper (`npx`) that does not pass signals on. Loopback callers only, like every control route.
 * In-process, or inside a test scope, there is no server to stop: a 404 says so.
 *
 * @example
 * shutdownRoutes(() => void running.close());
 */
export function shutdownRoutes(onShutdownRequest: (() => void) | undefined): Route[] {
  return [
    {
      auth: 'none',
      faults: [],
      control: true,
      method: 'POST',
      path: '/__gatewaykit/shutdown',
      operation: 'control.shutdown',
      handle() {
        if (!onShutdownRequest) {
          throw new GatewayError(
            404,
            'Nothing to shut down: this gateway is not a server started by `gatewaykit serve` or `startServer` (or the request is scoped by X-Test-Id)',
          );
        }
        // After this answer is on its way: the shutdown lets answers in flight finish.
        setTimeout(onShutdownRequest, 0);
        return jsonResponse({ ok: true, shutting_down: true }, { status: 202 });
      },
    },
  ];
}
