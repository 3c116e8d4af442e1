import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBrowserExample } from './build-example.ts';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };

/**
 * Serve a directory of static files on loopback (service workers need a secure context, and
 * http://127.0.0.1 is one). Paths outside the directory are 404.
 *
 * @example
 * const { url, close } = await serveStatic('examples/browser/dist', 0);
 */
export async function serveStatic(dir: string, port: number): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const root = normalize(dir).replace(/[\\/]+$/, '') + sep; // one separator, given 'dist' or 'dist/'
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(root, path === '/' ? 'index.html' : decodeURIComponent(path)));
    const found = file.startsWith(root) ? await stat(file).catch(() => undefined) : undefined;
    if (!found?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': found.size, 'cache-control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}/`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// `npx tsx examples/browser/serve-example.ts [port]`: build, print the sizes, serve.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outdir = fileURLToPath(new URL('./dist/', import.meta.url));
  const { sizes } = await buildBrowserExample({ outdir });
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `initial bundle: ${kb(sizes.initial.bytes)} (${kb(sizes.initial.gzip)} gzip); tokenizer chunk, loaded on first use: ${kb(sizes.tokenizer.bytes)} (${kb(sizes.tokenizer.gzip)} gzip)`,
  );
  const { url } = await serveStatic(outdir, Number(process.argv[2] ?? 5173));
  console.log(`open ${url}`);
}
