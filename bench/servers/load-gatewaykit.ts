import type { createGateway as CreateGateway } from '../../src/gateway/create-gateway.ts';
import type { startServer as StartServer } from '../../src/adapter/node/create-server.ts';

export interface Gatewaykit {
  createGateway: typeof CreateGateway;
  startServer: typeof StartServer;
  /** Where it was loaded from: `build` (compiled by tsc, as published) or `source` (src/ through tsx). */
  from: 'build' | 'source';
}

/**
 * The package as the bench measures it: the compiled build named by GATEWAYKIT_BENCH_BUILD (what
 * `npm run build` emits and users run), else the TypeScript sources. tsx keeps every function's
 * name with a defineProperty per closure created (esbuild's keepNames), which costs the source
 * checkout some 20% per request: a cost of the development setup, not of the package.
 *
 * @example
 * const { startServer } = await loadGatewaykit();
 */
export async function loadGatewaykit(build = process.env.GATEWAYKIT_BENCH_BUILD): Promise<Gatewaykit> {
  if (build) {
    const [g, s] = await Promise.all([import(`${build}/src/gateway/create-gateway.js`), import(`${build}/src/adapter/node/create-server.js`)]);
    return { createGateway: g.createGateway, startServer: s.startServer, from: 'build' };
  }
  const [g, s] = await Promise.all([import('../../src/gateway/create-gateway.ts'), import('../../src/adapter/node/create-server.ts')]);
  return { createGateway: g.createGateway, startServer: s.startServer, from: 'source' };
}

/** The CLI's `main` (what `npx gatewaykit` runs) from the same place as {@link loadGatewaykit}. */
export async function loadCliMain(build = process.env.GATEWAYKIT_BENCH_BUILD): Promise<(argv: string[]) => Promise<number>> {
  const m = (await (build ? import(`${build}/src/cli/main.js`) : import('../../src/cli/main.ts'))) as { main: (argv: string[]) => Promise<number> };
  return m.main;
}
