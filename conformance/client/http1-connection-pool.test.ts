import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttp1ConnectionPool } from './http1-connection-pool.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A server that answers each connection's requests with `answers` (raw bytes, cut where given), recording what it read. */
async function rawServer(answer: (request: string, socket: net.Socket) => void): Promise<{ url: string; seen: string[]; ports: number[] }> {
  const seen: string[] = [];
  const ports: number[] = [];
  const server = net.createServer((socket) => {
    let buffered = '';
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      buffered += data;
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      const request = buffered.slice(0, end + 4 + length);
      buffered = buffered.slice(end + 4 + length);
      seen.push(request);
      ports.push(socket.remotePort!);
      answer(request, socket);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, ports };
}

function open() {
  const pool = createHttp1ConnectionPool(net, 4_000);
  closers.push(() => pool.close());
  return pool;
}

async function text(body: AsyncIterable<Uint8Array> | undefined): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of body ?? []) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
}

const signal = () => new AbortController().signal;
const OK = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok';

describe('the HTTP/1.1 connection pool', () => {
  it('writes the bytes node:http writes for the same request', async () => {
    const { url, seen } = await rawServer((_request, socket) => socket.write(OK));
    const agent = new http.Agent({ keepAlive: true });
    closers.push(() => agent.destroy());
    const pool = open();
    const cases: { method: string; path: string; headers: Record<string, string>; body?: string | Uint8Array }[] = [
      { method: 'GET', path: '/api/v1/models?x=1', headers: { accept: '*/*', authorization: 'Bearer k', 'x-gatewaykit-check': 'auth.missing-key' } },
      {
        method: 'POST',
        path: '/api/v1/responses',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength('{"é":"☃"}')) },
        body: '{"é":"☃"}',
      },
      { method: 'POST', path: '/api/v1/audio', headers: { 'content-length': '3' }, body: new Uint8Array([0, 255, 10]) },
      { method: 'POST', path: '/empty', headers: { 'content-length': '0' } },
      { method: 'DELETE', path: '/api/v1/videos/v1', headers: { 'user-agent': 'node' } },
    ];
    for (const c of cases) {
      const answer = await pool.send(new URL(`${url}${c.path}`), c.method, c.headers, c.body, signal());
      expect(await text(answer!.body)).toBe('ok');
      await new Promise<void>((resolve, reject) => {
        const target = new URL(`${url}${c.path}`);
        const request = http.request(
          { protocol: 'http:', hostname: target.hostname, port: Number(target.port), path: c.path, method: c.method, headers: c.headers, agent },
          (response) => {
            response.resume();
            response.on('end', resolve);
          },
        );
        request.on('error', reject);
        request.end(c.body);
      });
    }
    expect(seen).toHaveLength(2 * cases.length);
    for (let i = 0; i < cases.length; i++) expect(seen[2 * i]).toBe(seen[2 * i + 1]);
  });

  it('leaves to node:http what it does not send the same way', () => {
    const pool = open();
    expect(pool.send(new URL('https://127.0.0.1/x'), 'GET', {}, undefined, signal())).toBeUndefined();
    expect(pool.send(new URL('http://u:p@127.0.0.1/x'), 'GET', {}, undefined, signal())).toBeUndefined();
    expect(pool.send(new URL('http://127.0.0.1/x'), 'PUT', { 'content-length': '0' }, undefined, signal())).toBeUndefined();
    expect(pool.send(new URL('http://127.0.0.1/x'), 'POST', {}, 'x', signal())).toBeUndefined();
    expect(pool.send(new URL('http://127.0.0.1/x'), 'GET', { 'x-a': 'é' }, undefined, signal())).toBeUndefined();
    expect(pool.send(new URL('http://127.0.0.1/x'), 'GET', { 'x-a': 'a\nb' }, undefined, signal())).toBeUndefined();
    expect(pool.send(new URL('http://127.0.0.1/x'), 'GET', { host: 'other' }, undefined, signal())).toBeUndefined();
  });

  it('reads chunked, sized and close-delimited bodies, however the reads split them, and reuses the connection', async () => {
    const { url, ports } = await rawServer((request, socket) => {
      if (request.startsWith('GET /chunked')) {
        const whole = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Twice: a\r\nx-twice: b\r\n\r\n5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\n\r\n';
        // One byte at a time: every boundary falls inside a read somewhere.
        let at = 0;
        const next = () => {
          if (at < whole.length) socket.write(whole[at++]!, 'latin1', () => setImmediate(next));
        };
        next();
      } else if (request.startsWith('GET /close')) socket.end('HTTP/1.1 200 OK\r\n\r\nuntil close');
      else if (request.startsWith('GET /none')) socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n');
      else socket.write(OK);
    });
    const pool = open();
    const chunked = await pool.send(new URL(`${url}/chunked`), 'GET', {}, undefined, signal());
    expect(chunked!.headers['x-twice']).toBe('a, b');
    expect(await text(chunked!.body)).toBe('hello, world');
    const none = await pool.send(new URL(`${url}/none`), 'GET', {}, undefined, signal());
    expect(none!.status).toBe(204);
    expect(await text(none!.body)).toBe('');
    expect(await text((await pool.send(new URL(`${url}/sized`), 'GET', {}, undefined, signal()))!.body)).toBe('ok');
    expect(await text((await pool.send(new URL(`${url}/close`), 'GET', {}, undefined, signal()))!.body)).toBe('until close');
    expect(await text((await pool.send(new URL(`${url}/after`), 'GET', {}, undefined, signal()))!.body)).toBe('ok');
    expect(new Set(ports.slice(0, 4)).size).toBe(1);
    expect(ports[4]).not.toBe(ports[3]);
  });

  it('fails as node:http does: a refused connection, a hang-up, an abort in the middle of a body', async () => {
    const { url } = await rawServer((request, socket) => {
      if (request.startsWith('GET /hang')) socket.destroy();
      else socket.write('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nhalf');
    });
    const pool = open();
    const refused = await pool.send(new URL('http://127.0.0.1:1/x'), 'GET', {}, undefined, signal())!.catch((e: unknown) => e);
    expect((refused as TypeError).message).toBe('fetch failed');
    expect((refused as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
    const hung = await pool.send(new URL(`${url}/hang`), 'GET', {}, undefined, signal())!.catch((e: unknown) => e);
    expect((hung as { cause: { code: string } }).cause.code).toBe('ECONNRESET');
    const aborter = new AbortController();
    const answer = await pool.send(new URL(`${url}/half`), 'GET', {}, undefined, aborter.signal);
    const read = text(answer!.body);
    setTimeout(() => aborter.abort(), 20);
    await expect(read).rejects.toThrow('aborted');
  });

  it('fails a response head past 16 KiB, as node:http does, whether or not it ever ends', async () => {
    const huge = `x-filler: ${'a'.repeat(17 * 1024)}\r\n`;
    const { url } = await rawServer((request, socket) => {
      if (request.startsWith('GET /endless')) socket.write(`HTTP/1.1 200 OK\r\n${huge}${huge}`);
      else socket.write(`HTTP/1.1 200 OK\r\n${huge}content-length: 2\r\n\r\nok`);
    });
    const pool = open();
    for (const path of ['/endless', '/ended']) {
      const failure = await pool.send(new URL(`${url}${path}`), 'GET', {}, undefined, signal())!.catch((e: unknown) => e);
      expect((failure as TypeError).message, path).toBe('fetch failed');
      expect(String((failure as { cause: Error }).cause.message), path).toContain('16 KiB');
    }
    // node:http refuses the same answer.
    const viaNode = await new Promise<unknown>((resolve) => http.get(`${url}/ended`, (res) => resolve(res.statusCode)).on('error', resolve));
    expect((viaNode as { code?: string }).code).toBe('HPE_HEADER_OVERFLOW');
  });
});
