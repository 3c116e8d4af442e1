import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now, for a child process that takes its port on the command
 * line (a peer gateway started by the tests).
 *
 * @example
 * const port = await freePort();
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
