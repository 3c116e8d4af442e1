import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';

/**
 * However the node server schedules its writes, each connection gets its own answers, in the order
 * of its requests, whole: with requests pipelined on one connection, and with connections answered
 * in the same turn of the event loop.
 */

/** Write `requests` in one write, then read until the server closes (the last asks `Connection: close`). */
function exchange(port: number, requests: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('connect', () => socket.write(requests));
  });
}

/** The answers in a received byte sequence (each with a Content-Length, as every JSON answer has). */
function answers(received: string): Array<{ status: number; body: unknown }> {
  const out: Array<{ status: number; body: unknown }> = [];
  let rest = Buffer.from(received, 'utf8');
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.subarray(0, headEnd).toString('latin1');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    out.push({ status, body: JSON.parse(rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8')) });
    rest = rest.subarray(headEnd + 4 + length);
  }
  return out;
}

function post(path: string, body: string, close = false): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-gw-test\r\nContent-Type: application/json\r\n` +
    `${close ? 'Connection: close\r\n' : ''}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

describe('node server: pipelined and concurrent answers', () => {
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ port: 0, clock: virtualClock() });
    port = Number(new URL(server.baseUrl).port);
  });
  afterAll(() => server.close());

  it('pipelined requests on one connection get their answers in order, each whole', async () => {
    const requests =
      'GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-gw-test\r\n\r\n' +
      post('/api/v1/responses', JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'first' })) +
      post('/api/v1/chat/completions', '{"model": ', true);
    const got = answers(await exchange(port, requests));
    expect(got.map((a) => a.status)).toEqual([200, 200, 400]);
    expect((got[0]!.body as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(got[1]!.body).toMatchObject({ object: 'response', model: 'openai/gpt-4o-mini', status: 'completed' });
    expect(got[2]!.body).toMatchObject({ error: { code: 400 } });
  });

  it('connections answered in the same turn each get the answer to their own request', async () => {
    const models = ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4.5', 'openai/gpt-5-mini', 'google/gemini-2.5-flash'];
    const sent = models.flatMap((model) => [model, model]);
    const got = await Promise.all(
      sent.map((model, i) => exchange(port, post('/api/v1/chat/completions', JSON.stringify({ model, messages: [{ role: 'user', content: `q${i}` }] }), true))),
    );
    const bodies = got
      .map((received) => answers(received))
      .map((list) => {
        expect(list.map((a) => a.status)).toEqual([200]);
        return list[0]!.body as { model: string; object: string };
      });
    expect(bodies.map((b) => b.object)).toEqual(sent.map(() => 'chat.completion'));
    expect(bodies.map((b) => b.model)).toEqual(sent);
  });
});
