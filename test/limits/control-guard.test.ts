import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { isLoopbackHost } from '../../src/http/control-guard.ts';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';
import { bodyOf, rawExchange, statusOf } from './raw-http.ts';

// F6 (any web page could drive the control API) and F7 (the journal kept credentials), end to end
// over a real port with raw HTTP, so Host, Origin and repeated headers are exactly as sent.
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, clock: virtualClock() });
});
afterAll(() => server.close());

const exchange = async (head: string[], body = '') => {
  const text = `${head.join('\r\n')}\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const r = await rawExchange(server.port, text, { timeoutMs: 5000 });
  const headEnd = r.received.indexOf('\r\n\r\n');
  return { status: statusOf(r.received), head: r.received.slice(0, headEnd).toLowerCase(), body: bodyOf(r.received) };
};
const expectRefusal = (res: { status: number | undefined; head: string; body: string }, status: number, message: RegExp) => {
  expect(res.status).toBe(status);
  expect(res.head).not.toContain('access-control-');
  const parsed = ErrorBodySchema.parse(JSON.parse(res.body));
  expect(parsed.error.code).toBe(status);
  expect(parsed.error.message).toMatch(message);
};
const alive = async () => expect((await exchange(['GET /__gatewaykit/clock HTTP/1.1', 'host: 127.0.0.1'])).status).toBe(200);

describe('the control API is for the local user only (F6)', () => {
  it('refuses a DNS-rebinding Host, with a 403 in the envelope and no CORS headers', async () => {
    for (const host of ['evil.example', 'evil.example:8080', '127.0.0.1.evil.example', 'localhost.evil.example', '10.0.0.1']) {
      expectRefusal(await exchange(['GET /__gatewaykit/requests HTTP/1.1', `host: ${host}`, 'origin: http://evil.example']), 403, /Host|Origin/);
    }
    await alive();
  });

  it('refuses pages of other origins, even addressed to loopback', async () => {
    expectRefusal(await exchange(['GET /__gatewaykit/requests HTTP/1.1', 'host: 127.0.0.1', 'origin: https://evil.example']), 403, /Origin/);
    expectRefusal(await exchange(['GET /__gatewaykit/requests HTTP/1.1', 'host: 127.0.0.1', 'origin: null']), 403, /Origin/);
  });

  it('refuses control POSTs that are not JSON (no simple-request CSRF), and changes nothing', async () => {
    const before = await exchange(['GET /__gatewaykit/clock HTTP/1.1', 'host: 127.0.0.1']);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectRefusal(
        await exchange(['POST /__gatewaykit/clock/advance HTTP/1.1', 'host: 127.0.0.1', `content-type: ${type}`], '{"ms":60000}'),
        415,
        /application\/json/,
      );
      expectRefusal(
        await exchange(['POST /__gatewaykit/providers/openai/faults HTTP/1.1', 'host: 127.0.0.1', `content-type: ${type}`], '{"status":503}'),
        415,
        /application\/json/,
      );
    }
    expectRefusal(await exchange(['POST /__gatewaykit/reset HTTP/1.1', 'host: 127.0.0.1']), 415, /application\/json/);
    const after = await exchange(['GET /__gatewaykit/clock HTTP/1.1', 'host: 127.0.0.1']);
    expect(JSON.parse(after.body).now).toBe(JSON.parse(before.body).now);
    expect(server.gateway.control.providerFaults()).toEqual({});
  });

  it('refuses control preflights without CORS headers; serves the local user with no CORS headers', async () => {
    expectRefusal(
      await exchange(['OPTIONS /__gatewaykit/reset HTTP/1.1', 'host: 127.0.0.1', 'origin: http://127.0.0.1:3000', 'access-control-request-method: POST']),
      403,
      /cross-origin/,
    );
    const ok = await exchange(
      ['POST /__gatewaykit/clock/advance HTTP/1.1', 'host: localhost:1234', 'origin: http://localhost:1234', 'content-type: application/json'],
      '{"ms":1}',
    );
    expect(ok.status).toBe(200);
    expect(ok.head).not.toContain('access-control-');
    for (const host of ['127.0.0.1', '127.1.2.3:80', 'localhost', 'LOCALHOST.', 'app.localhost:3000', '[::1]', '[::1]:8080', '[::ffff:127.0.0.1]:1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['', 'localhost:x', '127.0.0.1:99999999', '[::1', '[::2]', '0.0.0.0', '127.0.0.1.nip.io', 'evil.localhost.example']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('API preflights allow the headers the browser asks for (the openai SDK sends X-Stainless-*)', async () => {
    const asked = 'authorization, content-type, x-stainless-os, x-stainless-lang, x-stainless-retry-count, x-stainless-timeout';
    const pre = await exchange([
      'OPTIONS /api/v1/responses HTTP/1.1',
      'host: 127.0.0.1',
      'origin: http://app.example',
      'access-control-request-method: POST',
      `access-control-request-headers: ${asked}`,
    ]);
    expect(pre.status).toBe(204);
    expect(pre.head).toContain('access-control-allow-origin: *');
    expect(pre.head).toContain(`access-control-allow-headers: ${asked}`);
    const bad = await exchange(['OPTIONS /api/v1/responses HTTP/1.1', 'host: 127.0.0.1', 'access-control-request-headers: x-a, (bad)']);
    expect(bad.head).toContain('access-control-allow-headers: authorization, content-type');
  });
});

describe('the journal masks every credential (F7)', () => {
  it('Authorization of any scheme and repeated, a bare key, X-Api-Key, Cookie, Proxy-Authorization, *-token', async () => {
    // The bearer secret is not a demo key: a 401 names the demo keys (they are public, in the README).
    const secrets = [
      'sk-gw-secret-0123456789',
      'c2VjcmV0dXNlcjpzZWNyZXRwYXNz',
      'sk-or-v1-bare0123456789',
      'xapikey-0123456789',
      'sessioncookie-0123456789',
      'proxypass-0123456789',
      'tok-0123456789',
    ];
    const res = await exchange(
      [
        'POST /api/v1/responses HTTP/1.1',
        'host: 127.0.0.1',
        'content-type: application/json',
        `authorization: Bearer ${secrets[0]}`,
        `authorization: Basic ${secrets[1]}`,
        `x-api-key: ${secrets[3]}`,
        `cookie: sid=${secrets[4]}`,
        `proxy-authorization: Basic ${secrets[5]}`,
        `x-upstream-token: ${secrets[6]}`,
      ],
      '{"model":"openai/gpt-4o-mini","input":"hi"}',
    );
    expect(res.status).toBe(401); // two keys at once is not a valid credential
    await exchange(['GET /api/v1/models HTTP/1.1', 'host: 127.0.0.1', `authorization: ${secrets[2]}`]);
    const journal = await exchange(['GET /__gatewaykit/requests?limit=1000 HTTP/1.1', 'host: 127.0.0.1']);
    expect(journal.status).toBe(200);
    for (const secret of secrets) {
      // Nothing beyond a 6-character prefix of any secret.
      expect(journal.body).not.toContain(secret.slice(0, 8));
      expect(journal.body).not.toContain(secret.slice(-8));
    }
    const entries = JSON.parse(journal.body).data as Array<{ path: string; headers: Record<string, string> }>;
    const first = entries.find((e) => e.path === '/api/v1/responses')!;
    expect(Object.keys(first.headers)).toEqual(expect.arrayContaining(['authorization', 'x-api-key', 'cookie', 'proxy-authorization', 'x-upstream-token']));
  });
});
