import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createGateway, DEFAULT_BASE_URL } from '../gateway/create-gateway.ts';
import { buildGatewayOpenApi } from '../gateway/openapi-docs.ts';

export const OPENAPI_HELP = `gatewaykit openapi: print the OpenAPI 3.1 description of the simulated Gateway API

Options:
  --out FILE          write it to FILE instead of standard output
  --base-url URL      servers[0].url of the description (default ${DEFAULT_BASE_URL})
  -h, --help          this text`;

interface Io {
  out(text: string): void;
  err(text: string): void;
}

/**
 * `gatewaykit openapi [--out FILE] [--base-url URL]`: the same document `GET /api/v1/openapi.json`
 * serves, generated from the routes and zod schemas.
 */
export async function openapi(argv: string[], io: Io = { out: (t) => process.stdout.write(`${t}\n`), err: console.error }): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { out: { type: 'string' }, 'base-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (e) {
    io.err(`gatewaykit openapi: ${(e as Error).message}\n\n${OPENAPI_HELP}`);
    return 2;
  }
  if (values.help) {
    io.out(OPENAPI_HELP);
    return 0;
  }
  let serverUrl: string;
  try {
    serverUrl = new URL(values['base-url'] ?? DEFAULT_BASE_URL).href.replace(/\/+$/, '');
  } catch {
    io.err(`gatewaykit openapi: --base-url must be an absolute URL (got "${values['base-url']}")`);
    return 2;
  }
  const document = await buildGatewayOpenApi({ routes: createGateway({ baseUrl: serverUrl }).routes, serverUrl });
  const text = JSON.stringify(document, null, 2);
  if (values.out) {
    await writeFile(values.out, `${text}\n`);
    io.err(`gatewaykit openapi: wrote ${Object.keys(document.paths).length} paths to ${values.out}`);
  } else io.out(text);
  return 0;
}
