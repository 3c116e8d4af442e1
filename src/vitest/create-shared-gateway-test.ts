import { test as baseTest } from 'vitest';
import { sharedGatewayFixture, type SharedGatewayFixture } from './shared-gateway-fixture.ts';
import { testScopeId } from './test-scope-id.ts';

export interface SharedGatewayTestOptions {
  /**
   * The API of the one server the run shares (started in vitest's `globalSetup`, or by
   * `gatewaykit serve`), e.g. `http://127.0.0.1:8080/api/v1`. A function is read when a test
   * starts, for a URL known only then. Default: the `GATEWAYKIT_URL` environment variable.
   */
  url?: string | (() => string);
  /** The key `headers()` sends. Default `sk-gw-test`. */
  apiKey?: string;
}

function urlOf(option: SharedGatewayTestOptions['url']): string {
  const url = typeof option === 'function' ? option() : (option ?? process.env.GATEWAYKIT_URL);
  if (!url) throw new Error("gatewaykit/vitest: createSharedGatewayTest needs the shared server's URL: pass { url } or set GATEWAYKIT_URL");
  return url.replace(/\/+$/, '');
}

/**
 * A vitest `test` whose `gateway` fixture is this test's own scope of ONE running server shared
 * by every test and file of the run: the fixture sends `X-Test-Id` (a unique id per test, from
 * its file and name), so each test has its own journal, scripted replies, provider faults,
 * sticky sessions and credits, `test.concurrent` ones included. The scope starts empty: it is
 * reset before the test runs.
 *
 * @example
 * // vitest.config.ts: globalSetup starts `gatewaykit serve --clock virtual` and sets GATEWAYKIT_URL.
 * import { createSharedGatewayTest } from 'gatewaykit/vitest';
 * const test = createSharedGatewayTest();
 *
 * test.concurrent('answers from my script', async ({ gateway }) => {
 *   await gateway.script({ match: { input: 'hi' }, reply: { type: 'text', text: 'Hello.' } });
 *   const client = new OpenAI({ baseURL: gateway.baseUrl, apiKey: gateway.apiKey, defaultHeaders: gateway.scopeHeaders() });
 * });
 */
export function createSharedGatewayTest(options: SharedGatewayTestOptions = {}) {
  return baseTest.extend<{ gateway: SharedGatewayFixture }>({
    gateway: async ({ task }, use) => {
      const gateway = sharedGatewayFixture(urlOf(options.url), testScopeId(task), options.apiKey);
      // A retried test keeps its id: it starts from an empty scope all the same.
      await gateway.reset();
      await use(gateway);
    },
  });
}
