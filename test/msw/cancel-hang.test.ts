import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, test } from 'vitest';
import { withIndependentCopies } from '../../src/msw/independent-copies.ts';
import { releaseResponseClones } from '../../src/msw/release-response-clones.ts';

/**
 * The msw cancel hang (mswjs/interceptors issues 712 and 799): msw clones every mocked Response
 * for its lifecycle event; a clone tees the body, and cancelling one tee branch settles only when
 * the other is cancelled too. The openai SDK cancels the error body before each retry, so with
 * plain msw 2 it hangs. These tests pin the cause with plain msw and show both remedies.
 */
const SETTLE_MS = 200;

/** 'settled' or 'pending' after SETTLE_MS. */
async function settles(promise: Promise<unknown>): Promise<'settled' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const pending = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), SETTLE_MS)));
  const result = await Promise.race([promise.then(() => 'settled' as const), pending]);
  clearTimeout(timer);
  return result;
}

const busy = () =>
  new HttpResponse(JSON.stringify({ error: { code: 503, message: 'busy' } }), { status: 503, headers: { 'content-type': 'application/json' } });

describe('plain msw (no gatewaykit)', () => {
  let server: ReturnType<typeof setupServer> | undefined;
  afterEach(() => server?.close());

  test('cause: cancelling the body of a plain mocked answer does not settle (the upstream bug)', async () => {
    server = setupServer(http.get('http://plain.test/busy', busy));
    server.listen({ onUnhandledRequest: 'error' });
    const res = await fetch('http://plain.test/busy');
    expect(res.status).toBe(503);
    // If this starts to settle, msw fixed the bug upstream and both remedies below may go.
    expect(await settles(res.body!.cancel())).toBe('pending');
  });

  test('cause: a plain tee behaves the same: one branch cancelled, the other never read', async () => {
    const [a, b] = new Response('x').body!.tee();
    expect(await settles(a.cancel())).toBe('pending');
    await b.cancel();
  });

  test('remedy 1: a body whose copies cancel independently settles at once, and still reads in full', async () => {
    server = setupServer(
      http.get('http://plain.test/busy', () => withIndependentCopies(busy())),
      http.get('http://plain.test/stream', () =>
        withIndependentCopies(
          new HttpResponse(
            new ReadableStream({
              start(c) {
                for (const n of [1, 2, 3]) c.enqueue(new TextEncoder().encode(`data: ${n}\n\n`));
                c.close();
              },
            }),
          ),
        ),
      ),
    );
    server.listen({ onUnhandledRequest: 'error' });
    const res = await fetch('http://plain.test/busy');
    expect(await settles(res.body!.cancel())).toBe('settled');
    const stream = await fetch('http://plain.test/stream');
    const copy = stream.clone();
    expect(await stream.text()).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    expect(await copy.text()).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\n');
  });

  test('remedy 2: releasing the clones msw made settles cancels of plain handlers and of passthrough answers', async () => {
    const { createServer } = await import('node:http');
    const upstream = createServer((_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":1}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const port = (upstream.address() as { port: number }).port;
      server = setupServer(http.get('http://plain.test/busy', busy));
      const release = releaseResponseClones(server);
      server.listen({ onUnhandledRequest: 'bypass' });
      const mocked = await fetch('http://plain.test/busy');
      expect(await settles(mocked.body!.cancel())).toBe('settled');
      const passedThrough = await fetch(`http://127.0.0.1:${port}/`);
      expect(passedThrough.status).toBe(503);
      expect(await settles(passedThrough.body!.cancel())).toBe('settled');
      // A listener that reads the clone still gets every byte.
      let seen = '';
      server.events.on('response:mocked', ({ response }) => void response.text().then((t) => (seen = t)));
      await (await fetch('http://plain.test/busy')).text();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(seen).toContain('busy');
      release();
    } finally {
      upstream.close();
    }
  });
});
