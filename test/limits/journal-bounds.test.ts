import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import type { JournalPage } from '../../src/state/journal.ts';

const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

describe('the journal is bounded in bytes and records answers (F12)', () => {
  it('1,000 rejected 64 KiB bodies keep at most journalMaxBytes, and the journal answers a page quickly', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock(), journalMaxBytes: 4 * 1024 * 1024 });
    // 64 KiB of JSON that fails validation (input must be text or items): parsed, rejected with 400.
    const body = JSON.stringify({ model: 'openai/gpt-4o-mini', input: 42, metadata: { pad: 'x'.repeat(64 * 1024 - 60) } });
    for (let i = 0; i < 1000; i++) {
      const res = await gateway.fetch('/responses', { method: 'POST', headers, body });
      expect(res.status).toBe(400);
      await res.arrayBuffer();
    }
    const started = performance.now();
    const res = await gateway.fetch('/__gatewaykit/requests?limit=1000');
    const page = (await res.json()) as JournalPage;
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(page.total).toBe(1000);
    expect(page.kept_bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(page.kept).toBeGreaterThan(10);
    // A page stops at about 2 MiB of kept entries; the cursor gives the rest.
    expect(page.data.length).toBeLessThan(page.kept);
    expect(page.has_more).toBe(true);
    const rest = (await (await gateway.fetch(`/__gatewaykit/requests?limit=1000&cursor=${page.next_cursor}`)).json()) as JournalPage;
    expect(page.data.length + rest.data.length).toBeLessThanOrEqual(page.kept);
    // A safety bound, not a speed target (the bench measures that): it blocked 1.6 s before.
    expect(elapsed).toBeLessThan(1500);
    const last = rest.data.at(-1) ?? page.data.at(-1)!;
    expect(last).toMatchObject({ status: 400, model: 'openai/gpt-4o-mini', body_bytes: Buffer.byteLength(body), response: { status: 400 } });
    expect(last.key).toMatch(/…[0-9a-f]{8}$/);
    expect((last.response.body as { error: { code: number } }).error.code).toBe(400);
  });

  it('records a streamed answer as its events with time offsets, and filters by model and key', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const res = await gateway.fetch('/responses', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'hello', stream: true }),
    });
    const text = await res.text();
    await gateway.fetch('/models', { headers: { authorization: 'Bearer sk-gw-management' } });
    const all = (await (await gateway.fetch('/__gatewaykit/requests')).json()) as JournalPage;
    const [stream, models] = all.data;
    expect(stream?.response.events?.map((e) => e.data).join('')).toBe(text);
    expect(stream?.response.events?.every((e) => e.offset_ms >= 0)).toBe(true);
    expect(stream?.response.headers['content-type']).toBe('text/event-stream');
    const byModel = (await (await gateway.fetch('/__gatewaykit/requests?model=openai/gpt-4o-mini')).json()) as JournalPage;
    expect(byModel.data.map((e) => e.seq)).toEqual([stream?.seq]);
    const byKey = (await (await gateway.fetch(`/__gatewaykit/requests?key=${encodeURIComponent(models!.key!)}`)).json()) as JournalPage;
    expect(byKey.data.map((e) => e.operation)).toEqual(['models.list']);
    expect(stream?.key).not.toBe(models?.key);
    const bad = await gateway.fetch('/__gatewaykit/requests?status=teapot');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/status/);
  });
});
