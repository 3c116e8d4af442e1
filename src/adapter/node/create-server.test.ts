import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './create-server.ts';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('startServer (node:http adapter)', () => {
  it('serves the core on a free port under /api/v1 and answers errors in the envelope', async () => {
    running = await startServer({ port: 0 });
    expect(running.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const res = await fetch(`${running.baseUrl}/responses`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 401, message: 'Missing Authentication header' } });
  });

  it('refuses a declared over-size body with 413 and closes the connection', async () => {
    running = await startServer({ port: 0, maxBodyBytes: 1024 });
    const url = new URL(`${running.baseUrl}/responses`);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) } },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"input":"');
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.code).toBe(413);
  });

  it('closes cleanly with open keep-alive connections', async () => {
    running = await startServer({ port: 0 });
    await fetch(`${running.baseUrl}/nope`);
    await running.close();
    running = undefined;
  });
});
