/**
 * The platform's limit: a bare node:http server answering a fixed JSON body (argv[2]) to every
 * request, after reading the request body as any JSON endpoint must.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveParent } from './child-stats.ts';

const body = Buffer.from(process.argv[2] ?? '{}');
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ url: `http://127.0.0.1:${port}` });
});
serveParent(
  () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);
