import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';

/**
 * issue 40 item 5: the attack table on the surfaces the breadth issues added (images, speech,
 * rerank, keys, OAuth, guardrails, workspaces, BYOK, presets). Each hostile request gets a clear
 * 4xx in the spec 7 envelope (or, where the input is only odd, an ordinary answer), the process
 * is not polluted through names, and the gateway keeps serving.
 */
const KEY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** [attack, path, headers, body, the status it gets, what its message names]. */
const ATTACKS: readonly (readonly [string, string, Record<string, string>, string, number, RegExp])[] = [
  ['images: a billion images', '/images', KEY, JSON.stringify({ model: 'openai/gpt-image-1', prompt: 'x', n: 1e9 }), 400, /^n: /],
  ['images: 100000x100000 pixels', '/images', KEY, JSON.stringify({ model: 'openai/gpt-image-1', prompt: 'x', size: '100000x100000' }), 400, /^size: /],
  ['images: a 5 MB prompt', '/images', KEY, JSON.stringify({ model: 'openai/gpt-image-1', prompt: 'x'.repeat(5e6) }), 400, /^prompt: /],
  ['images: a prompt nested 100,000 deep', '/images', KEY, `{"model":"openai/gpt-image-1","prompt":${deep(100_000)}}`, 400, /deeper than/],
  [
    'images: output_compression 1e9 on webp',
    '/images',
    KEY,
    JSON.stringify({ model: 'openai/gpt-image-1', prompt: 'x', output_format: 'webp', output_compression: 1e9 }),
    400,
    /^output_compression/,
  ],
  [
    'images: 4 webp images of 4096x4096',
    '/images',
    KEY,
    JSON.stringify({ model: 'openai/gpt-image-1', prompt: 'x', output_format: 'webp', n: 4, size: '4096x4096' }),
    400,
    /^n: 4 image\(s\) of 4096x4096/,
  ],
  ['speech: 4.8 MB of input', '/audio/speech', KEY, JSON.stringify({ model: 'openai/gpt-4o-mini-tts', input: 'hello '.repeat(8e5) }), 400, /^input: /],
  ['speech: speed 1e9', '/audio/speech', KEY, JSON.stringify({ model: 'openai/gpt-4o-mini-tts', input: 'hi', speed: 1e9 }), 400, /^speed: /],
  ['speech: voice __proto__', '/audio/speech', KEY, JSON.stringify({ model: 'openai/gpt-4o-mini-tts', input: 'hi', voice: '__proto__' }), 400, /^voice: /],
  [
    'rerank: 100,000 documents',
    '/rerank',
    KEY,
    JSON.stringify({ model: 'cohere/rerank-v3.5', query: 'q', documents: Array.from({ length: 100_000 }, (_, i) => `doc ${i}`) }),
    400,
    /^documents: /,
  ],
  ['rerank: documents nested 50,000 deep', '/rerank', KEY, `{"model":"cohere/rerank-v3.5","query":"q","documents":[${deep(50_000)}]}`, 400, /deeper than/],
  ['keys: a 1 MB name', '/keys', MANAGEMENT, JSON.stringify({ name: 'n'.repeat(1e6) }), 413, /Payload too large/],
  ['keys: limit 1e308', '/keys', MANAGEMENT, JSON.stringify({ name: 'a', limit: 1e308 }), 400, /^limit: /],
  ['keys: limit -5', '/keys', MANAGEMENT, JSON.stringify({ name: 'a', limit: -5 }), 400, /^limit: /],
  [
    'OAuth: a 100,000-character challenge',
    '/auth/keys/code',
    MANAGEMENT,
    JSON.stringify({ callback_url: 'https://x.test/cb', code_challenge: 'a'.repeat(100_000), code_challenge_method: 'S256' }),
    413,
    /Payload too large/,
  ],
  ['OAuth: a javascript: callback', '/auth/keys/code', MANAGEMENT, JSON.stringify({ callback_url: 'javascript:alert(1)' }), 400, /^callback_url: /],
  ['guardrails: a 1 MB name', '/guardrails', MANAGEMENT, JSON.stringify({ name: 'g'.repeat(1e6) }), 413, /Payload too large/],
  ['workspaces: slug ../../etc', '/workspaces', MANAGEMENT, JSON.stringify({ name: 'w', slug: '../../etc' }), 400, /^slug: /],
  ['workspaces: slug __proto__', '/workspaces', MANAGEMENT, JSON.stringify({ name: '__proto__', slug: '__proto__' }), 400, /^slug: /],
  ['BYOK: a 1 MB provider key', '/byok', MANAGEMENT, JSON.stringify({ provider: 'openai', key: 'k'.repeat(1e6) }), 413, /Payload too large/],
  [
    'presets: slug __proto__',
    '/presets/__proto__/chat/completions',
    MANAGEMENT,
    JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    400,
    /^slug: /,
  ],
];

describe('attacks on the new surfaces', () => {
  const gateway = createGateway();

  it.each(ATTACKS)('%s: refused in the envelope', async (_name, path, headers, body, status, message) => {
    const res = await gateway.fetch(path, { method: 'POST', headers, body });
    expect(res.status).toBe(status);
    const envelope = ErrorBodySchema.parse(await res.json());
    expect(envelope.error.message).toMatch(message);
  });

  it('names such as __proto__ are data: the objects are made, and nothing reaches Object.prototype', async () => {
    const key = await gateway.fetch('/keys', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ name: '__proto__' }) });
    expect(key.status).toBe(201);
    expect(((await key.json()) as { data: { name: string } }).data.name).toBe('__proto__');
    const guardrail = await gateway.fetch('/guardrails', {
      method: 'POST',
      headers: MANAGEMENT,
      body: '{"name":"__proto__","allowed_models":["__proto__"],"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(guardrail.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('webp at the largest size is one bounded answer: a 4096x4096 VP8 file, not a crash', async () => {
    const res = await gateway.fetch('/images', {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({ model: 'openai/gpt-image-1', prompt: 'x', output_format: 'webp', size: '4096x4096', output_compression: 100 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { b64_json: string }[] };
    expect(body.data).toHaveLength(1);
    const webp = Buffer.from(body.data[0]!.b64_json, 'base64');
    // RFC 6386 9.1: the VP8 key frame's start code, then 14-bit width and height.
    expect(webp.toString('latin1', 12, 16)).toBe('VP8 ');
    expect([webp[23], webp[24], webp[25]]).toEqual([0x9d, 0x01, 0x2a]);
    expect([webp.readUInt16LE(26) & 0x3fff, webp.readUInt16LE(28) & 0x3fff]).toEqual([4096, 4096]);
  });

  it('the gateway still serves after the table', async () => {
    const res = await gateway.fetch('/key', { headers: KEY });
    expect(res.status).toBe(200);
  });
});

describe('concurrency and secrets on the management plane', () => {
  it('40 keys created at once are 40 distinct keys, each listed once, each secret working', async () => {
    const gateway = createGateway();
    const before = ((await (await gateway.fetch('/keys', { headers: MANAGEMENT })).json()) as { data: unknown[] }).data.length;
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) => gateway.fetch('/keys', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ name: `k${i}` }) })),
    );
    const bodies = (await Promise.all(made.map((r) => r.json()))) as { key: string; data: { hash: string } }[];
    expect(made.every((r) => r.status === 201)).toBe(true);
    expect(new Set(bodies.map((b) => b.data.hash)).size).toBe(40);
    expect(new Set(bodies.map((b) => b.key)).size).toBe(40);
    const listed = ((await (await gateway.fetch('/keys', { headers: MANAGEMENT })).json()) as { data: unknown[] }).data.length;
    expect(listed).toBe(before + 40);
    const statuses = await Promise.all(bodies.map((b) => gateway.fetch('/key', { headers: { authorization: `Bearer ${b.key}` } }).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('no secret reaches the journal or the inspector: created keys, BYOK provider keys, OAuth verifiers', async () => {
    const gateway = createGateway();
    const created = (await (await gateway.fetch('/keys', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ name: 'secret-holder' }) })).json()) as {
      key: string;
    };
    const providerKey = 'sk-provider-SECRET-0123456789abcdef';
    const byok = await gateway.fetch('/byok', { method: 'POST', headers: MANAGEMENT, body: JSON.stringify({ provider: 'openai', key: providerKey }) });
    expect(byok.status).toBeLessThan(300);
    const verifier = 'v'.repeat(43);
    const code = (await (
      await gateway.fetch('/auth/keys/code', {
        method: 'POST',
        headers: MANAGEMENT,
        body: JSON.stringify({ callback_url: 'https://app.test/cb', code_challenge: verifier, code_challenge_method: 'plain' }),
      })
    ).json()) as { data: { id: string } };
    const exchanged = (await (
      await gateway.fetch('/auth/keys', {
        method: 'POST',
        headers: KEY,
        body: JSON.stringify({ code: code.data.id, code_verifier: verifier, code_challenge_method: 'plain' }),
      })
    ).json()) as { key?: string };
    await gateway.fetch('/key', { headers: { authorization: `Bearer ${created.key}` } });
    const seen = JSON.stringify(gateway.requests()) + (await (await gateway.fetch('/__gatewaykit/management')).text());
    for (const secret of [created.key, providerKey, verifier, exchanged.key ?? 'no key'].filter((s) => s !== 'no key')) expect(seen).not.toContain(secret);
  });
});
