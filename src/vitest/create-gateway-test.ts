import { test as baseTest } from 'vitest';
import type { Clock } from '../clock/clock.ts';
import { systemClock } from '../clock/system-clock.ts';
import { virtualClock } from '../clock/virtual-clock.ts';
import { createGateway, type GatewayOptions } from '../gateway/create-gateway.ts';
import { gatewayFixture, type GatewayFixture } from './gateway-fixture.ts';
import { createGatewayRouter, type GatewayRouter, type MswServer } from './msw-router.ts';
import { bypassedFetchHint } from './bypassed-fetch.ts';
import { testOrigin } from './test-origin.ts';

export interface GatewayTestOptions extends Omit<GatewayOptions, 'clock' | 'baseUrl'> {
  /**
   * `msw` (default): the gateway answers the process's `fetch` in-process at a per-test origin.
   * `http`: each test gets a real server on a free port (`startServer({ port: 0 })`), for
   * clients that do not use the global fetch or that run in a child process.
   */
  mode?: 'msw' | 'http';
  /** `virtual` (default: time moves only by `gateway.advance(ms)`), `system`, or a factory. */
  clock?: 'virtual' | 'system' | (() => Clock);
  /** Path of the API under the origin. Default `/api/v1`. */
  basePath?: string;
  /**
   * Your own msw server (`setupServer(...yourHandlers)` from msw/node, listening): msw mode then
   * puts the gateway ahead of your handlers on it instead of starting a second server. Your
   * handlers keep answering every other URL. Default: a server of the fixture's own.
   */
  server?: MswServer;
}

function makeClock(option: GatewayTestOptions['clock']): Clock {
  if (typeof option === 'function') return option();
  return option === 'system' ? systemClock() : virtualClock();
}

/**
 * A vitest `test` whose `gateway` fixture is a FRESH simulated gateway per test, on its own base
 * URL, so tests, including `test.concurrent` ones, never share state.
 *
 * @example
 * import { expect } from 'vitest';
 * import { createGatewayTest } from 'gatewaykit/vitest';
 *
 * const test = createGatewayTest({ seed: 7 });
 *
 * test.concurrent('answers', async ({ gateway }) => {
 *   const res = await gateway.fetch('/responses', {
 *     method: 'POST',
 *     headers: gateway.headers(),
 *     body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Hello' }),
 *   });
 *   expect(res.status).toBe(200);
 * });
 *
 * @example
 * // With your own msw server: the gateway goes ahead of your handlers, which keep matching.
 * import { setupServer } from 'msw/node';
 * const server = setupServer(...myHandlers);
 * beforeAll(() => server.listen());
 * afterAll(() => server.close());
 * const test = createGatewayTest({ server });
 */
export function createGatewayTest(options: GatewayTestOptions = {}) {
  const { mode = 'msw', clock, basePath = '/api/v1', server, ...gatewayOptions } = options;
  return baseTest.extend<{ gateway: GatewayFixture; gatewayRouter: GatewayRouter | undefined }>({
    // One msw server per file, created only when a test of the file asks for a gateway in msw mode.
    gatewayRouter: [
      // vitest reads a fixture's dependencies from its destructuring: this one has none.
      async ({}, use) => {
        if (mode !== 'msw') return use(undefined);
        const router = createGatewayRouter(server);
        try {
          await use(router);
        } finally {
          router.close();
        }
      },
      { scope: 'file' },
    ],
    gateway: async ({ task, gatewayRouter, onTestFailed }, use) => {
      if (mode === 'http') {
        // Loaded lazily so that the msw mode never pulls node:http in.
        const { startServer } = await import('../adapter/node/create-server.ts');
        const running = await startServer({ ...gatewayOptions, clock: makeClock(clock), port: 0, baseUrl: `http://127.0.0.1${basePath}` });
        try {
          await use(gatewayFixture(running.gateway, running.baseUrl));
        } finally {
          await running.close();
        }
        return;
      }
      const baseUrl = `${testOrigin(task.id)}${basePath}`;
      // A client that bypassed msw fails with a bare DNS error after its retries: say why.
      onTestFailed(({ task: failed }) => {
        const hint = bypassedFetchHint(failed.result?.errors, new URL(baseUrl).hostname);
        if (hint) failed.result?.errors?.push({ name: 'GatewaykitFetchBypassed', message: hint, stack: '' });
      });
      const core = createGateway({ ...gatewayOptions, clock: makeClock(clock), baseUrl });
      const mounted = gatewayRouter!.mount(new URL(baseUrl).origin, core);
      try {
        await use(gatewayFixture(core, baseUrl, { use: mounted.use }));
      } finally {
        mounted.unmount();
      }
    },
  });
}

/**
 * The default gateway test: msw mode, virtual clock, seed 0.
 *
 * @example
 * import { expect } from 'vitest';
 * import { gatewayTest as test } from 'gatewaykit/vitest';
 *
 * test('401 without a key', async ({ gateway }) => {
 *   expect((await gateway.fetch('/models')).status).toBe(401);
 * });
 */
export const gatewayTest = createGatewayTest();
