import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

/** A body with no Content-Length: the limit can only be enforced while reading. */
function chunkedBody(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new TextEncoder().encode(sent === 1 ? '{"input":"' : 'x'.repeat(size)));
    },
  });
}

describe.each(TARGET_KINDS)('request-size limit while reading (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { maxBodyBytes: 4096 });
  });
  afterAll(() => target.close());

  it('413 in the envelope for a streamed body past the limit, and the gateway keeps serving', async () => {
    const res = await target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: chunkedBody(64, 1024), duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.error).toMatchObject({ code: 413, message: expect.stringMatching(/4096-byte limit/) });
    const next = await target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ input: 'hi' }) });
    expect(next.status).toBe(200);
  });
});
