import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from './gateway-client.ts';
import { nodeHttpTransport } from './node-http-transport.ts';
import { createRequestBudget } from './request-budget.ts';
import { TransportError } from './transport-error.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function open() {
  const transport = await nodeHttpTransport();
  closers.push(() => transport.close());
  return transport;
}

async function text(body: AsyncIterable<Uint8Array> | undefined): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of body ?? []) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
}

const signal = () => new AbortController().signal;

describe('the node:http transport', () => {
  it('sends what fetch sends: its default headers (the caller’s win), the exact length, the body', async () => {
    const seen: { headers: IncomingMessage['headers']; body: string }[] = [];
    const url = await serve((req, res, body) => {
      seen.push({ headers: req.headers, body });
      res.end('ok');
    });
    const { send } = await open();
    const answer = await send(`${url}/x`, {
      method: 'POST',
      headers: new Headers({ accept: 'application/json', 'Content-Type': 'application/json' }),
      body: '{"é":1}',
      signal: signal(),
    });
    expect(answer.status).toBe(200);
    expect(await text(answer.body)).toBe('ok');
    await text((await send(`${url}/y`, { method: 'POST', headers: new Headers(), body: undefined, signal: signal() })).body);
    expect(seen[0]!.headers).toMatchObject({
      accept: 'application/json',
      'accept-language': '*',
      'sec-fetch-mode': 'cors',
      'user-agent': 'node',
      'accept-encoding': 'gzip, deflate',
      'content-type': 'application/json',
      'content-length': '8',
    });
    expect(seen[0]!.body).toBe('{"é":1}');
    expect(seen[1]!.headers['content-length']).toBe('0');
  });

  it('shows headers as fetch’s Headers does and decodes a gzip body', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, [
        ['X-Twice', 'a'],
        ['x-twice', 'b'],
        ['Content-Encoding', 'gzip'],
      ]);
      res.end(gzipSync('data: hello\n\n'));
    });
    const answer = await (await open()).send(url, { method: 'GET', headers: new Headers(), body: undefined, signal: signal() });
    expect(answer.headers['x-twice']).toBe('a, b');
    expect(await text(answer.body)).toBe('data: hello\n\n');
  });

  it('follows redirects as fetch does: a POST after a 302 becomes a GET, credentials stay on their origin', async () => {
    const other = await serve((req, res) => res.end(`${req.method} ${req.url} ${req.headers.authorization ?? 'no-auth'}`));
    const url = await serve((req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: '/same' }).end();
      else if (req.url === '/same') res.writeHead(307, { location: `${other}/far` }).end();
      else res.end('?');
    });
    const answer = await (
      await open()
    ).send(`${url}/start`, { method: 'POST', headers: new Headers({ authorization: 'Bearer k' }), body: '{}', signal: signal() });
    expect(await text(answer.body)).toBe('GET /far no-auth');
  });

  it('rejects as fetch does, with the system error as the cause', async () => {
    const url = await serve((_req, res) => res.end());
    closers.pop()!();
    const error = (await (
      await open()
    )
      .send(url, { method: 'GET', headers: new Headers(), body: undefined, signal: signal() })
      .catch((e: unknown) => e)) as TypeError & { cause: { code: string } };
    expect(error.message).toBe('fetch failed');
    expect(error.cause.code).toBe('ECONNREFUSED');
  });

  it('does not reuse a connection after a 413 (the server may close it unannounced)', async () => {
    const ports: number[] = [];
    const url = await serve((req, res) => {
      ports.push(req.socket.remotePort!);
      if (req.url === '/big') {
        res.writeHead(413).end();
        req.socket.end();
      } else res.end('ok');
    });
    const { send } = await open();
    for (const path of ['/a', '/big', '/b'])
      expect(
        (await text((await send(`${url}${path}`, { method: 'POST', headers: new Headers(), body: 'x', signal: signal() })).body)).length,
      ).toBeGreaterThanOrEqual(0);
    expect(ports[0]).toBe(ports[1]);
    expect(ports[2]).not.toBe(ports[1]);
  });

  it('stops at the client’s deadline in the middle of a body: a timeout, not an answer', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"type":"response.created"}\n\n'); // then nothing more
    });
    const { send } = await open();
    const client = createGatewayClient({ baseUrl: `${url}/api/v1`, apiKey: 'k', transport: send, budget: createRequestBudget(1), timeoutMs: 150 });
    const error = await client.send({ method: 'GET', path: '/models' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).causeText).toBe('no complete answer within 150 ms (--timeout-ms)');
  });

  it('is seen by msw, as fetch is (a test that mocks its gateway with msw needs no fetch option)', async () => {
    const server = setupServer(mswHttp.get('http://gateway.test/api/v1/models', () => HttpResponse.json({ data: [] })));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const answer = await (
        await open()
      ).send('http://gateway.test/api/v1/models', { method: 'GET', headers: new Headers(), body: undefined, signal: signal() });
      expect(answer.status).toBe(200);
      expect(await text(answer.body)).toBe('{"data":[]}');
    } finally {
      server.close();
    }
  });
});
