import type { http as MswHttp } from 'msw';
import { nodeRequire } from '../env/require-optional-peer.ts';

let loaded: typeof MswHttp | undefined;

/**
 * msw's `http` handler factory, loaded on first use: msw (and the GraphQL parser it brings) is
 * about half of what loading the package costs, and only `gateway.handlers` needs it, so a
 * server, a `gateway.fetch` user or the CLI never loads it. Node's `require` loads the same ES
 * module an `import 'msw'` does (msw's `module-sync` export), so the handlers are of the user's
 * own msw. Browser bundles take `msw-http.browser.ts` instead (the package's `browser` map).
 *
 * @example
 * const handler = mswHttp().post('http://gw.test/api/v1/responses', resolver);
 */
export function mswHttp(): typeof MswHttp {
  if (loaded) return loaded;
  const load = nodeRequire();
  if (!load)
    throw new Error(
      'gateway.handlers needs msw, which could not be loaded here: import gatewaykit through a bundler that reads package.json "browser" (esbuild, Vite, webpack)',
    );
  try {
    loaded = (load('msw') as { http: typeof MswHttp }).http;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' && String((error as { message?: unknown }).message).includes("'msw'")) {
      throw new Error('gateway.handlers needs msw (a peer dependency of gatewaykit), which is not installed: run `npm install --save-dev msw`');
    }
    throw error;
  }
  return loaded;
}
