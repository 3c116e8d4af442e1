import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';

/** Webhook receivers that misbehave (F8, F9), on 127.0.0.1, each closed by the test. */
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

async function receiver(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

async function gatewayWithJobs(callbackUrl: string, count: number, webhooks: Record<string, unknown> = {}) {
  const clock = virtualClock();
  const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, webhooks: { allowInsecureLocalhost: true, maxAttempts: 1, ...webhooks } });
  for (let i = 0; i < count; i++) {
    const res = await gateway.fetch('/videos', { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt: `job ${i}`, callback_url: callbackUrl }) });
    expect(res.status).toBe(202);
  }
  await clock.advance(3_600_000); // every job reaches its terminal state; deliveries start
  await gateway.videos.webhooksIdle();
  return gateway;
}

describe('robustness: webhooks', () => {
  it('F8 a 307 to another address is a failed delivery; nothing reaches the other address', async () => {
    let elsewhere = 0;
    const other = await receiver((_req, res) => {
      elsewhere++;
      res.writeHead(200).end();
    });
    let redirected = 0;
    const first = await receiver((req, res) => {
      redirected++;
      req.resume();
      res.writeHead(307, { location: other.url }).end();
    });
    const gateway = await gatewayWithJobs(first.url, 10);
    expect(redirected).toBe(10);
    expect(elsewhere).toBe(0);
    const attempts = gateway.videos.webhookAttempts();
    expect(attempts).toHaveLength(10);
    for (const a of attempts) expect(a).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 307: redirects are not followed/) });
  });

  it('F9 a receiver that never answers: at most maxConcurrent deliveries in flight, not one socket per job', async () => {
    let open = 0;
    let sockets = 0;
    const silent = await receiver((req) => {
      req.resume(); // read the body, never answer
    });
    silent.server.on('connection', (socket) => {
      sockets = Math.max(sockets, ++open);
      socket.on('close', () => open--);
    });
    // The real fetch, counted from the gateway's side (a socket it gave up on may close at the
    // receiver a moment after the next one opens, so socket counts there lag).
    let inFlight = 0;
    let peak = 0;
    const counted = (async (url: string, init: RequestInit) => {
      peak = Math.max(peak, ++inFlight);
      try {
        return await fetch(url, init);
      } finally {
        inFlight--;
      }
    }) as typeof fetch;
    const gateway = await gatewayWithJobs(silent.url, 40, { maxConcurrent: 4, timeoutMs: 150, fetch: counted });
    expect(peak).toBe(4);
    expect(sockets).toBeGreaterThan(0);
    expect(sockets).toBeLessThan(40); // it opened 2,000 at once before
    const attempts = gateway.videos.webhookAttempts();
    expect(attempts).toHaveLength(40);
    expect(attempts.every((a) => !a.ok)).toBe(true);
  }, 30_000);

  it('F9 a receiver that streams a huge answer: a few KiB are read, the rest is dropped', async () => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const streaming = await receiver((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const pump = () => {
        while (written < 500 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const gateway = await gatewayWithJobs(streaming.url, 3);
    expect(gateway.videos.webhookAttempts().map((a) => a.ok)).toEqual([true, true, true]);
    // What the receiver managed to push before the gateway hung up: socket buffers, not 500 MB.
    expect(written).toBeLessThan(64 * 1024 * 1024);
  }, 30_000);

  it('the HTTPS/localhost rule holds on every attempt (a restored job, a server without the opt-in)', async () => {
    const calls: string[] = [];
    const clock = virtualClock();
    const first = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, webhooks: { allowInsecureLocalhost: true } });
    const res = await first.fetch('/videos', { method: 'POST', headers, body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'http://localhost:9/hook' }) });
    expect(res.status).toBe(202);
    const second = createGateway({
      baseUrl: 'http://gw.test/api/v1',
      clock,
      webhooks: { maxAttempts: 1, fetch: (async (url: string) => void calls.push(url)) as unknown as typeof fetch },
      videoJobs: { restore: first.videos.snapshot() },
    });
    await second.videos.ready;
    await clock.advance(3_600_000);
    await second.videos.webhooksIdle();
    expect(calls).toEqual([]);
    expect(second.videos.webhookAttempts()[0]).toMatchObject({ ok: false, error: expect.stringMatching(/callback_url must be an HTTPS URL/) });
  });
});
