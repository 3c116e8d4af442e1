import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { streamFailure } from '../src/state/stream-failure.ts';
import { startTarget, TARGET_KINDS, type Target } from './targets.ts';

/**
 * The journal does not hide failures: a stream whose status line said 200 and which then ended in
 * an `error` event and `response.failed` is marked failed and found by a 5xx filter, and a
 * forced error's entry names the model its body asked for.
 */
const headers = (extra: Record<string, string> = {}) => ({ authorization: 'Bearer sk-gw-test', 'content-type': 'application/json', ...extra });

describe.each(TARGET_KINDS)('journal: failed streams and forced errors (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind);
  });
  afterAll(async () => {
    await target?.close();
  });

  test('a stream-error stream is failed (502, with the message) and matches status=5xx, not only 200', async () => {
    const post = async (body: unknown, extra?: Record<string, string>) => {
      const res = await target.fetch('/responses', { method: 'POST', headers: headers(extra), body: JSON.stringify(body) });
      await res.arrayBuffer();
      return res.status;
    };
    expect(await post({ model: 'openai/gpt-4o-mini', input: 'fine', stream: true })).toBe(200);
    expect(await post({ model: 'openai/gpt-4o-mini', input: 'doomed', stream: true }, { 'x-gatewaykit-fault': 'stream-error' })).toBe(200);
    expect(await post({ model: 'anthropic/claude-sonnet-4.5', input: 'forced' }, { 'x-gatewaykit-fault': '503' })).toBe(503);

    const all = target.gateway.control.requests();
    expect(all.map((e) => e.response.failed)).toEqual([
      undefined,
      { status: 502, message: expect.stringContaining('the upstream stream failed mid-response') },
      undefined,
    ]);
    expect(all[2]!.model).toBe('anthropic/claude-sonnet-4.5');

    const page = (await (await target.fetch('/__gatewaykit/requests?status=5xx')).json()) as { data: Array<{ seq: number; status: number }> };
    expect(page.data.map((e) => [e.seq, e.status])).toEqual([
      [1, 200],
      [2, 503],
    ]);
    const ok = (await (await target.fetch('/__gatewaykit/requests?status=200')).json()) as { data: Array<{ seq: number }> };
    expect(ok.data.map((e) => e.seq)).toEqual([0, 1]);
  });
});

describe('streamFailure', () => {
  test('error event, response.failed, event: error, chat-style error chunk; a completed stream is not failed', () => {
    expect(
      streamFailure(
        'data: {"type":"error","code":"server_error","message":"boom"}\n\ndata: {"type":"response.failed","response":{"error":{"code":"server_error","message":"boom"}}}\n\n',
      ),
    ).toEqual({ status: 502, message: 'boom' });
    expect(streamFailure('data: {"type":"response.failed","response":{"error":{"code":503,"message":"busy"}}}\n\n')).toEqual({ status: 503, message: 'busy' });
    expect(streamFailure('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n')).toEqual({
      status: 502,
      message: 'Overloaded',
    });
    expect(streamFailure('data: {"type":"response.completed","response":{"output":[{"text":"the word error"}]}}\n\ndata: [DONE]\n\n')).toBeUndefined();
  });
});
