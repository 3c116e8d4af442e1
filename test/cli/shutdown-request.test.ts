import { describe, expect, it } from 'vitest';
import { createGateway } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';
import { runCli } from './run-cli.ts';

/**
 * `POST /__gatewaykit/shutdown` stops a server as SIGTERM does: the README's conformance recipe
 * starts the simulator with `npx gatewaykit serve ... &`, and npx does not pass a signal on to it,
 * so `kill $!` would leave the server running.
 */
const shutdown = (origin: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/__gatewaykit/shutdown`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });

describe('POST /__gatewaykit/shutdown', () => {
  it('stops `gatewaykit serve`: 202, then the process exits 0 and the port is closed', async () => {
    const run = runCli(['serve', '--port', '0', '--clock', 'virtual']);
    const origin = new URL(await run.listening()).origin;
    const answer = await shutdown(origin);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ ok: true, shutting_down: true });
    expect(await run.exited).toBe(0);
    await expect(fetch(`${origin}/api/v1/models`)).rejects.toThrow();
  }, 60_000);

  it('stops a startServer() server; a test scope cannot stop the shared server', async () => {
    const server = await startServer({ port: 0 });
    const origin = new URL(server.baseUrl).origin;
    const scoped = await shutdown(origin, { 'x-test-id': 'one-test' });
    expect(scoped.status).toBe(404);
    expect((await fetch(`${server.baseUrl}/models`, { headers: { authorization: 'Bearer sk-gw-test' } })).status).toBe(200);
    expect((await shutdown(origin)).status).toBe(202);
    if (server.server.listening) await new Promise((resolve) => server.server.once('close', resolve));
    expect(server.server.listening).toBe(false);
    await server.close(); // a second close is harmless
  });

  it('in-process there is no server: a 404 in the spec 7 envelope that says so', async () => {
    const gateway = createGateway({ baseUrl: 'http://shutdown.gateway.test/api/v1' });
    const answer = await gateway.fetch('http://shutdown.gateway.test/__gatewaykit/shutdown', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(404);
    const body = (await answer.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(404);
    expect(body.error.message).toContain('Nothing to shut down');
  });
});
