import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';
import { bodyOf, rawExchange, statusOf } from './raw-http.ts';

/**
 * Slow clients are cut off by the server's own timeouts (configurable; short here so the test is
 * quick). The bounds below are safety nets for a hung test, not timing assertions: the property is
 * "the server closes the connection", which only the server can do.
 */
describe('limits: slow clients are timed out', () => {
  let running: RunningServer;
  let port: number;
  beforeAll(async () => {
    running = await startServer({ port: 0, requestTimeoutMs: 600, headersTimeoutMs: 400, keepAliveTimeoutMs: 200 });
    port = running.port;
  });
  afterAll(async () => running.close());

  it('a client that sends headers then trickles the body never completes: the server answers 408 and closes', async () => {
    const head =
      `POST /api/v1/responses HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-gw-test\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"input":"';
    // One byte every 50 ms would take 83 minutes; the client never stops on its own.
    const exchange = await rawExchange(port, head, { body: { chunk: Buffer.from('x'), count: 100_000, chunked: false, delayMs: 50 }, timeoutMs: 20_000 });
    expect(exchange.closedByServer).toBe(true);
    expect(statusOf(exchange.received)).toBe(408);
    expect(ErrorBodySchema.parse(JSON.parse(bodyOf(exchange.received))).error.code).toBe(408);
  }, 30_000);

  it('a Messages client whose body never arrives gets the 408 in Anthropic’s error shape', async () => {
    const head = `POST /api/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer sk-gw-test\r\nContent-Length: 12\r\n\r\n`;
    const exchange = await rawExchange(port, head, { timeoutMs: 20_000 });
    expect(exchange.closedByServer).toBe(true);
    expect(statusOf(exchange.received)).toBe(408);
    expect(JSON.parse(bodyOf(exchange.received))).toMatchObject({ type: 'error', error: { type: 'timeout_error' } });
  }, 30_000);

  it('a client that never finishes its headers is closed (headers timeout)', async () => {
    const exchange = await rawExchange(port, 'GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', {
      body: { chunk: Buffer.from('y'), count: 100_000, chunked: false, delayMs: 50 },
      timeoutMs: 20_000,
    });
    expect(exchange.closedByServer).toBe(true);
    const status = statusOf(exchange.received);
    if (status !== undefined) expect(status).toBe(408);
  }, 30_000);

  it('an idle keep-alive connection is closed', async () => {
    const exchange = await rawExchange(port, 'GET /api/v1/nope HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', { timeoutMs: 20_000 });
    expect(exchange.closedByServer).toBe(true);
    expect(statusOf(exchange.received)).toBe(404);
  }, 30_000);

  it('still serves ordinary requests afterwards', async () => {
    const res = await fetch(`${running.baseUrl}/nope`);
    expect(res.status).toBe(404);
  });
});
