import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { bodyOf as rawBodyOf, statusOf } from './raw-http.ts';

/** The first response's body as text: raw-http works on latin1 so chunk sizes count bytes. */
const bodyOf = (received: string): string => Buffer.from(rawBodyOf(received), 'latin1').toString('utf8');

/**
 * Send `request` in full, then shut down our write side (like `nc -N` or `socket.end(request)`),
 * and read until the server closes. HTTP/1.1 allows this half-close: the answer must still come.
 */
function halfCloseExchange(port: number, request: string, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms; received so far: ${JSON.stringify(received)}`));
    }, timeoutMs);
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('connect', () => socket.end(request));
  });
}

function post(path: string, body: string): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-gw-test\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

const GET_MODELS = 'GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-gw-test\r\n\r\n';

describe('limits: a client that half-closes after its request still gets the whole answer', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('first request on a fresh server (POST /responses, JSON): full status, headers and body', async () => {
    running = await startServer({ port: 0 });
    const received = await halfCloseExchange(running.port, post('/api/v1/responses', JSON.stringify({ model: 'openai/gpt-5-mini', input: 'hello there' })));
    expect(statusOf(received)).toBe(200);
    expect(received).toMatch(/\r\ncontent-length: \d+\r\n/i);
    const body = JSON.parse(bodyOf(received)) as { object: string; status: string; output: unknown[] };
    expect(body.object).toBe('response');
    expect(body.status).toBe('completed');
    expect(body.output.length).toBeGreaterThan(0);
  });

  it('first request on a fresh server (POST /responses, stream): every event through data: [DONE]', async () => {
    running = await startServer({ port: 0 });
    const received = await halfCloseExchange(
      running.port,
      post('/api/v1/responses', JSON.stringify({ model: 'openai/gpt-5-mini', input: 'tell me a story', stream: true })),
    );
    expect(statusOf(received)).toBe(200);
    expect(received).toMatch(/\r\ncontent-type: text\/event-stream/i);
    // The chunked framing is complete: the last-chunk marker came before the server closed.
    expect(received.endsWith('\r\n0\r\n\r\n')).toBe(true);
    const body = bodyOf(received);
    expect(body).toContain('response.created');
    expect(body).toContain('response.completed');
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('GET /models, first and later requests: the full catalogue', async () => {
    running = await startServer({ port: 0 });
    for (let i = 0; i < 2; i++) {
      const received = await halfCloseExchange(running.port, GET_MODELS);
      expect(statusOf(received)).toBe(200);
      const body = JSON.parse(bodyOf(received)) as { data: { id: string }[] };
      expect(body.data.length).toBeGreaterThan(0);
    }
  });

  it('a body cut short by the half-close is still refused at once with a 400 in the envelope (not left to the request timeout)', async () => {
    running = await startServer({ port: 0 });
    const head = `POST /api/v1/responses HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-gw-test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const received = await halfCloseExchange(running.port, `${head}{"model":`, 3_000);
    expect(statusOf(received)).toBe(400);
    expect(JSON.parse(bodyOf(received))).toMatchObject({ error: { code: 400 } });
  });
});
