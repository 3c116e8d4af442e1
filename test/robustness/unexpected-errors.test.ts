import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTarget, jsonHeaders, TARGET_KINDS } from '../targets.ts';

/** Issue 25.10: an unexpected 500 leaves a trace: stderr with its stack and X-Generation-Id, and the journal. */
afterEach(() => vi.restoreAllMocks());

describe.each(TARGET_KINDS)('issue 25.10 unexpected errors are logged and flagged (%s)', (kind) => {
  it('a bug behind GET /videos/<id>: masked 500, stderr names the X-Generation-Id with the stack, the journal entry is flagged', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const target = await startTarget(kind);
    try {
      // A fault inside the store, as the one seen once under a conformance run.
      target.gateway.videos.getFor = () => {
        throw new Error('boom in the job store');
      };
      const res = await target.fetch('/videos/gen-vid-1-AAAAAAAAAAAAAAAAAAAA', { headers: jsonHeaders() });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 500, message: 'Internal Server Error' } });
      const id = res.headers.get('x-generation-id');
      expect(id).toMatch(/^gen-/);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(`[gatewaykit] unexpected error in GET /api/v1/videos/gen-vid-1-AAAAAAAAAAAAAAAAAAAA (videos.get) X-Generation-Id: ${id}:`);
      expect(logged[0]).toMatch(/Error: boom in the job store\n\s+at /);
      const journal = (await (await target.fetch('/__gatewaykit/requests')).json()) as {
        data: Array<{ unexpected_error?: boolean; status: number; response: { headers: Record<string, string> } }>;
      };
      const entry = journal.data.find((e) => e.response.headers['x-generation-id'] === id);
      expect(entry).toMatchObject({ status: 500, unexpected_error: true });
      // An ordinary error is not flagged.
      const plain = await target.fetch('/videos', { method: 'POST', headers: jsonHeaders(), body: '{' });
      expect(plain.status).toBe(400);
      const again = (await (await target.fetch('/__gatewaykit/requests')).json()) as { data: Array<{ unexpected_error?: boolean; status: number }> };
      expect(again.data.filter((e) => e.unexpected_error)).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('onError receives the same context', async () => {
    const seen: unknown[] = [];
    const target = await startTarget(kind, { onError: (error, context) => void seen.push({ message: (error as Error).message, context }) });
    try {
      target.gateway.videos.getFor = () => {
        throw new TypeError('bad');
      };
      const res = await target.fetch('/videos/gen-vid-1-AAAAAAAAAAAAAAAAAAAA', { headers: jsonHeaders() });
      expect(seen).toEqual([
        {
          message: 'bad',
          context: {
            method: 'GET',
            path: '/api/v1/videos/gen-vid-1-AAAAAAAAAAAAAAAAAAAA',
            operation: 'videos.get',
            generationId: res.headers.get('x-generation-id'),
          },
        },
      ]);
    } finally {
      await target.close();
    }
  });
});
