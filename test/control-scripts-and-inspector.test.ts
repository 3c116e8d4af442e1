import { describe, expect, it } from 'vitest';
import { createGateway } from 'gatewaykit';

const base = 'http://gw.test';
const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('control API: scripted replies (GET/POST /__gatewaykit/scripts, DELETE /__gatewaykit/scripts/:id)', () => {
  it('adds a rule that then answers, lists it, removes it; reset drops run-time rules but keeps start-up ones', async () => {
    const gateway = createGateway({ baseUrl: `${base}/api/v1`, scripts: [{ id: 'boot', match: { input: 'boot' }, reply: { type: 'text', text: 'Booted.' } }] });
    const added = await gateway.fetch(
      '/__gatewaykit/scripts',
      json({ id: 'w', match: { input: 'weather' }, reply: { type: 'text', text: 'Sunny.' }, times: 2 }),
    );
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ id: 'w', times: 2, remaining: 2, persistent: false });
    const answer = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'weather?' }),
    });
    expect(JSON.stringify(await answer.json())).toContain('Sunny.');
    const list = (await (await gateway.fetch('/__gatewaykit/scripts')).json()) as {
      data: Array<{ id: string; remaining: number | null; persistent: boolean }>;
    };
    expect(list.data.map((r) => [r.id, r.remaining, r.persistent])).toEqual([
      ['boot', null, true],
      ['w', 1, false],
    ]);
    expect((await gateway.fetch('/__gatewaykit/scripts/w', { method: 'DELETE' })).status).toBe(200);
    const gone = await gateway.fetch('/__gatewaykit/scripts/w', { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toBe('No scripted reply with id "w"');
    await gateway.fetch('/__gatewaykit/scripts', json({ reply: { type: 'text', text: 'x' } }));
    await gateway.fetch('/__gatewaykit/reset', json({}));
    expect(gateway.scripts().map((s) => s.id)).toEqual(['boot']);
  });

  it('refuses a bad rule with a 400 naming the field, a duplicate id, and a non-JSON body', async () => {
    const gateway = createGateway({ baseUrl: `${base}/api/v1` });
    const bad = await gateway.fetch('/__gatewaykit/scripts', json({ reply: { type: 'text' } }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/reply\.text/);
    await gateway.fetch('/__gatewaykit/scripts', json({ id: 'a', reply: { type: 'text', text: 'x' } }));
    const dup = await gateway.fetch('/__gatewaykit/scripts', json({ id: 'a', reply: { type: 'text', text: 'y' } }));
    expect(dup.status).toBe(400);
    expect(((await dup.json()) as { error: { message: string } }).error.message).toMatch(/already in use/);
    const text = await gateway.fetch('/__gatewaykit/scripts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"reply":' });
    expect(text.status).toBe(400);
    const big = await gateway.fetch('/__gatewaykit/scripts', json({ reply: { type: 'text', text: 'x'.repeat(70_000) } }));
    expect(big.status).toBe(413);
    expect(gateway.scripts().map((s) => s.id)).toEqual(['a']);
  });
});

describe('control API: DELETE /__gatewaykit/providers/faults clears every provider', () => {
  it('clears them all', async () => {
    const gateway = createGateway({ baseUrl: `${base}/api/v1` });
    gateway.control.failProvider('openai', 503);
    gateway.control.failProvider('anthropic', 429, 1);
    expect((await gateway.fetch('/__gatewaykit/providers/faults', { method: 'DELETE' })).status).toBe(200);
    expect(gateway.control.providerFaults()).toEqual({});
  });
});

describe('GET /__gatewaykit/ (the inspector page)', () => {
  it('is HTML whose Content-Security-Policy allows exactly its own inline script and style', async () => {
    const gateway = createGateway({ baseUrl: `${base}/api/v1` });
    const res = await gateway.fetch('/__gatewaykit/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = async (text: string) => `'sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}'`;
    const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(script.length).toBeGreaterThan(1000);
    expect(csp).toContain(`script-src ${await hash(script)}`);
    expect(csp).toContain(`style-src ${await hash(style)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Server-rendered: the catalogue's providers and the clock kind are in the page itself.
    expect(html).toContain('<option value="openai"></option>');
    expect(html).toContain('clock (system)');
    expect(html).not.toContain('id="clock-form"'); // no advance control on the system clock
  });

  it('refuses other hosts (DNS rebinding) and other origins like the rest of the control API', async () => {
    const gateway = createGateway({ baseUrl: `${base}/api/v1` });
    const rebound = await gateway.handle(new Request('http://127.0.0.1:8080/__gatewaykit/', { headers: { host: 'evil.example:8080' } }), {
      remoteAddress: '127.0.0.1',
    });
    expect(rebound.status).toBe(403);
    const foreign = await gateway.handle(
      new Request('http://127.0.0.1:8080/__gatewaykit/', { headers: { host: '127.0.0.1:8080', origin: 'https://evil.example' } }),
      { remoteAddress: '127.0.0.1' },
    );
    expect(foreign.status).toBe(403);
    const remote = await gateway.handle(new Request('http://127.0.0.1:8080/__gatewaykit/'), { remoteAddress: '10.0.0.5' });
    expect(remote.status).toBe(403);
  });
});
