import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../errors/gateway-error.ts';
import { readIncomingBody } from './read-incoming-body.ts';

const LIMIT = 64;

/** Each request's body read with the limit (at once, or after the parse is over for `/late`), answered as its length and text. */
function bodyEchoServer(seen: (req: IncomingMessage) => void): Server {
  return createServer((req, res) => {
    seen(req);
    const late = req.url === '/late' ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
    void late
      .then(() => readIncomingBody(req, LIMIT))
      .then(
        (body) => res.end(`${body.byteLength}:${Buffer.from(body).toString()}`),
        (error: GatewayError) => {
          res.writeHead(error.status);
          res.end(error.message);
        },
      );
  });
}

/** Reads answers off one connection: each resolves with the status line's code and the body. */
function answers(socket: Socket): () => Promise<{ status: number; body: string }> {
  let buffered = '';
  const waiting: Array<() => void> = [];
  socket.setEncoding('latin1');
  socket.on('data', (text: string) => {
    buffered += text;
    waiting.splice(0).forEach((wake) => wake());
  });
  const take = (): { status: number; body: string } | undefined => {
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const head = buffered.slice(0, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < end + 4 + length) return undefined;
    const body = buffered.slice(end + 4, end + 4 + length);
    buffered = buffered.slice(end + 4 + length);
    return { status: Number(head.split(' ')[1]), body };
  };
  return async () => {
    for (;;) {
      const answer = take();
      if (answer) return answer;
      await new Promise<void>((wake) => waiting.push(wake));
    }
  };
}

const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`;

describe('readIncomingBody over node:http', () => {
  let server: Server;
  let port: number;
  let requestSeen: () => Promise<void>;
  beforeAll(async () => {
    let wake: (() => void) | undefined;
    requestSeen = () => new Promise<void>((resolve) => (wake = resolve));
    server = bodyEchoServer(() => wake?.());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const open = async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, next: answers(socket) };
  };

  it('reads a body that came with its headers, read at once or after the parse, on one kept-alive connection', async () => {
    const { socket, next } = await open();
    for (const path of ['/', '/late', '/', '/late']) {
      socket.write(`${post(path, 'Content-Length: 11\r\n')}hello world`);
      expect(await next()).toEqual({ status: 200, body: '11:hello world' });
    }
    socket.write(post('/', 'Content-Length: 0\r\n'));
    expect(await next()).toEqual({ status: 200, body: '0:' });
    socket.destroy();
  });

  it('reads a body that comes after the request was seen, in pieces, and a chunked one', async () => {
    const { socket, next } = await open();
    const seen = requestSeen();
    socket.write(post('/', 'Content-Length: 10\r\n'));
    await seen;
    socket.write('01234');
    socket.write('56789');
    expect(await next()).toEqual({ status: 200, body: '10:0123456789' });
    socket.write(`${post('/', 'Transfer-Encoding: chunked\r\n')}3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n`);
    expect(await next()).toEqual({ status: 200, body: '5:abcde' });
    socket.destroy();
  });

  it('refuses a body past the limit with 413, whether it is all at hand or still coming', async () => {
    const over = 'x'.repeat(LIMIT + 1);
    const chunked = `${(LIMIT + 1).toString(16)}\r\n${over}\r\n0\r\n\r\n`;
    for (const path of ['/late', '/']) {
      const { socket, next } = await open();
      socket.write(`${post(path, 'Transfer-Encoding: chunked\r\n')}${chunked}`);
      expect((await next()).status).toBe(413);
      socket.destroy();
    }
    const { socket, next } = await open();
    socket.write(post('/', `Content-Length: ${LIMIT + 1}\r\n`));
    expect((await next()).status).toBe(413);
    socket.destroy();
  });
});
