import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../../clock/virtual-clock.ts';
import { startServer, type RunningServer } from './create-server.ts';

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('startServer (node:http adapter)', () => {
  it('serves the core on a free port under /api/v1 and answers errors in the envelope', async () => {
    running = await startServer({ port: 0 });
    expect(running.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const res = await fetch(`${running.baseUrl}/responses`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: number; message: string } };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe(401);
    expect(body.error.message).toMatch(/^Missing Authentication header: /);
  });

  it('refuses a declared over-size body with 413 and closes the connection', async () => {
    running = await startServer({ port: 0, maxBodyBytes: 1024 });
    const url = new URL(`${running.baseUrl}/responses`);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"input":"');
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.code).toBe(413);
  });

  it('sends a long stream (many writes of whole events) with the bytes gateway.fetch gives, and journals every event', async () => {
    // About 4,000 words: a stream of some 2,000 events and 0.5 MB, past one write's 64 KiB.
    const text = Array.from({ length: 4000 }, (_, i) => `word${i % 97}`).join(' ');
    running = await startServer({ port: 0, seed: 7, clock: virtualClock(), scripts: [{ reply: { type: 'text', text } }] });
    const init = {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'x', stream: true }),
    };
    const overSocket = await (await fetch(`${running.baseUrl}/responses`, init)).text();
    expect(overSocket.length).toBeGreaterThan(256 * 1024);
    expect(overSocket.endsWith('data: [DONE]\n\n')).toBe(true);
    // The journal kept the first events, in order, and counted the rest it could not keep.
    const [entry] = running.gateway.control.requests();
    const events = entry?.response.events ?? [];
    expect(events.length).toBeGreaterThan(100);
    expect(overSocket.startsWith(events.map((e) => e.data).join(''))).toBe(true);
    expect(events.length + (entry?.response.events_dropped ?? 0)).toBe(overSocket.split('\n\n').length - 1);
    // The same request in-process (after a reset, so ids and sequence numbers match) gives the same text.
    running.gateway.control.reset();
    const inProcess = await (await running.gateway.fetch(`${running.baseUrl}/responses`, init)).text();
    expect(overSocket).toBe(inProcess);
  });

  it('sends a JSON answer with characters past ASCII under its UTF-8 length, and journals the same bytes, answer after answer', async () => {
    const text = 'Café ☕ and 🙂, naïve façade';
    running = await startServer({ port: 0, seed: 3, clock: virtualClock(), scripts: [{ reply: { type: 'text', text } }] });
    const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
    const requests = [
      { path: '/responses', body: { model: 'openai/gpt-4o-mini', input: 'x' } },
      { path: '/messages', body: { model: 'anthropic/claude-sonnet-4.5', max_tokens: 64, messages: [{ role: 'user', content: 'x' }] } },
    ];
    for (const { path, body } of requests) {
      // Three times: the second is made in full and checked against the first, the third is
      // answered from the learned templates (the answer memo), its UTF-8 filled in as it is.
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${running.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
        const answer = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        expect(answer).toContain(text);
        const entry = running.gateway.control.requests().at(-1);
        expect(entry?.response.body).toEqual(JSON.parse(answer));
      }
    }
    const metrics = await (await fetch(new URL('/__gatewaykit/metrics', running.baseUrl))).text();
    expect(metrics).toMatch(/^gatewaykit_answer_memo_total\{outcome="replayed"\} 2$/m);
  });

  it('closes cleanly with open keep-alive connections', async () => {
    running = await startServer({ port: 0 });
    await fetch(`${running.baseUrl}/nope`);
    await running.close();
    running = undefined;
  });
});
