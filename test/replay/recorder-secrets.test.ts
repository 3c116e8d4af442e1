import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCassette, type CassetteBody } from '../../src/replay/cassette.ts';
import { startRecorder, type RunningRecorder } from '../../src/adapter/node/record-proxy.ts';
import { redactPieces } from '../../src/replay/redact.ts';

/**
 * The recorder's redaction corpus: every case a hardening probe found a secret in, each through
 * a real recording proxy to an upstream that echoes the whole request back (headers, query and
 * body), so a secret kept anywhere, request or answer, shows up in the cassette.
 */
const S = (n: number) => `sk-corpus-secret-${String(n).padStart(2, '0')}-ZqX81`;

interface Case {
  name: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The secrets that must appear nowhere in the cassette. */
  secrets: string[];
  /** Ask the echo upstream for an event stream splitting each secret across two chunks. */
  stream?: boolean;
}

const binaryPrefix = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
const withBinary = (text: string) => new Uint8Array([...binaryPrefix, ...new TextEncoder().encode(text)]);

const CASES: Case[] = [
  { name: 'Authorization Bearer', path: '/echo', headers: { authorization: `Bearer ${S(1)}` }, secrets: [S(1)] },
  { name: 'Authorization with another scheme', path: '/echo', headers: { authorization: `SharedKeyLite acct:${S(2)}` }, secrets: [S(2)] },
  { name: 'Authorization Digest', path: '/echo', headers: { authorization: `Digest username="u", response="${S(3)}"` }, secrets: [S(3)] },
  { name: 'Basic credentials', path: '/echo', headers: { authorization: `Basic ${btoa(`user:${S(4)}`)}` }, secrets: [btoa(`user:${S(4)}`), S(4)] },
  { name: 'x-portkey-api-key', path: '/echo', headers: { 'x-portkey-api-key': S(5) }, secrets: [S(5)] },
  { name: 'x-auth-token', path: '/echo', headers: { 'x-auth-token': S(6) }, secrets: [S(6)] },
  { name: 'ocp-apim-subscription-key', path: '/echo', headers: { 'ocp-apim-subscription-key': S(7) }, secrets: [S(7)] },
  { name: 'private-token', path: '/echo', headers: { 'private-token': S(8) }, secrets: [S(8)] },
  { name: 'cookie', path: '/echo', headers: { cookie: `session=${S(9)}` }, secrets: [S(9)] },
  { name: 'query sig', path: `/echo?sig=${S(10)}`, secrets: [S(10)] },
  { name: 'query auth', path: `/echo?auth=${S(11)}`, secrets: [S(11)] },
  { name: 'query refresh_token', path: `/echo?refresh_token=${S(12)}`, secrets: [S(12)] },
  { name: 'query x-api-key', path: `/echo?x-api-key=${S(13)}`, secrets: [S(13)] },
  { name: 'query code', path: `/echo?code=${S(14)}&page=2`, secrets: [S(14)] },
  { name: 'JSON openai_api_key', path: '/echo', body: JSON.stringify({ model: 'm', openai_api_key: S(15) }), secrets: [S(15)] },
  { name: 'JSON api_keys array', path: '/echo', body: JSON.stringify({ api_keys: [S(16), S(17)] }), secrets: [S(16), S(17)] },
  { name: 'JSON refresh_token nested', path: '/echo', body: JSON.stringify({ auth: { refresh_token: S(18) }, x: 1 }), secrets: [S(18)] },
  { name: 'JSON private_key', path: '/echo', body: JSON.stringify({ private_key: `-----BEGIN KEY-----${S(19)}` }), secrets: [S(19)] },
  {
    name: 'JSON non-string secret',
    path: '/echo',
    body: JSON.stringify({ password: 918273645512, secret: { nested: S(20) } }),
    secrets: ['918273645512', S(20)],
  },
  {
    name: 'form field',
    path: '/echo',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=refresh_token&refresh_token=${S(21)}&client_secret=${S(22)}`,
    secrets: [S(21), S(22)],
  },
  {
    name: 'multipart field',
    path: '/echo',
    headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
    body: `--XyZ\r\nContent-Disposition: form-data; name="api_key"\r\n\r\n${S(23)}\r\n--XyZ\r\nContent-Disposition: form-data; name="model"\r\n\r\nm\r\n--XyZ--\r\n`,
    secrets: [S(23)],
  },
  { name: 'secret split across two SSE chunks', path: '/echo', headers: { authorization: `Bearer ${S(24)}` }, stream: true, secrets: [S(24)] },
  {
    name: 'secret in a body stored as base64',
    path: '/echo',
    headers: { authorization: `Bearer ${S(25)}`, 'content-type': 'application/octet-stream' },
    body: withBinary(`token ${S(25)} end`),
    secrets: [S(25)],
  },
  {
    name: 'JSON observability destination config (camelCase secrets, header values)',
    path: '/echo',
    body: JSON.stringify({
      type: 'webhook',
      config: { secretKey: S(26), licenseKey: S(27), secretAccessKey: S(28), headers: { Authorization: `Bearer ${S(29)}`, 'X-Webhook-Signature': S(30) } },
    }),
    secrets: [S(26), S(27), S(28), S(29), S(30)],
  },
  { name: 'short query key never breaks JSON', path: '/echo?key=true', body: JSON.stringify({ stream: true, model: 'm' }), secrets: [] },
];

/** Answers with everything it received; with `x-echo-stream`, an event stream that splits the bearer token over two chunks. */
function echoUpstream(): Server {
  return createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      const echo = { url: req.url, headers: req.headers, body: body.toString('latin1') };
      if (req.headers['x-echo-stream']) {
        const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const event = `data: ${JSON.stringify({ type: 'delta', text: token })}\n\n`;
        const half = event.indexOf(token) + Math.floor(token.length / 2);
        res.write(event.slice(0, half));
        setTimeout(() => res.end(event.slice(half)), 20);
        return;
      }
      if (/octet-stream/.test(String(req.headers['content-type']))) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json', 'x-generation-id': `gen-${String(req.headers['x-auth-token'] ?? 'none')}` })
        .end(JSON.stringify(echo));
    });
  });
}

/** All the text of a cassette, with base64 bodies decoded (as latin1, so any bytes show). */
function everythingIn(file: string): string {
  const text = readFileSync(file, 'utf8');
  const cassette = parseCassette(JSON.parse(text));
  const decode = (body: CassetteBody | null): string => {
    if (!body) return '';
    if ('base64' in body) return Buffer.from(body.base64, 'base64').toString('latin1');
    if ('chunks' in body) return body.chunks.map((c) => ('base64' in c ? Buffer.from(c.base64, 'base64').toString('latin1') : c.text)).join('');
    return '';
  };
  return `${text}\n${decode(cassette.request.body)}\n${decode(cassette.response.body)}`;
}

describe('the recorder keeps no secret (deny-by-default corpus)', () => {
  let upstream: Server;
  let recorder: RunningRecorder;
  let dir: string;
  const logged: string[] = [];
  const files = new Map<string, string>();

  beforeAll(async () => {
    upstream = echoUpstream();
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
    dir = mkdtempSync(join(tmpdir(), 'gatewaykit-secrets-'));
    const port = (upstream.address() as { port: number }).port;
    recorder = await startRecorder({ upstream: `http://127.0.0.1:${port}`, out: dir, onNotRecorded: (line) => logged.push(line) });
    for (const c of CASES) {
      const res = await fetch(`${recorder.baseUrl}${c.path}`, {
        method: c.body === undefined ? 'GET' : 'POST',
        headers: { ...c.headers, ...(c.stream ? { 'x-echo-stream': '1' } : {}), 'x-case': c.name },
        body: c.body as BodyInit | undefined,
      });
      await res.arrayBuffer();
    }
    await recorder.close();
    for (const file of readdirSync(dir)) {
      const cassette = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { request: { headers: Record<string, string> } };
      files.set(cassette.request.headers['x-case']!, join(dir, file));
    }
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  test('every exchange was recorded, none logged as lost', () => {
    expect(logged).toEqual([]);
    expect(files.size).toBe(CASES.length);
  });

  test.each(CASES.filter((c) => c.secrets.length > 0).map((c) => [c.name, c] as const))('%s: no trace of the secret, request or answer', (_name, c) => {
    const all = everythingIn(files.get(c.name)!);
    for (const secret of c.secrets) expect(all).not.toContain(secret);
    expect(all).toContain('[REDACTED]');
  });

  test('a split secret keeps the stream readable and its chunk count', () => {
    const cassette = parseCassette(JSON.parse(readFileSync(files.get('secret split across two SSE chunks')!, 'utf8')));
    const chunks = (cassette.response.body as { chunks: Array<{ text: string }> }).chunks;
    expect(chunks).toHaveLength(2);
    const data = chunks
      .map((c) => c.text)
      .join('')
      .replace(/^data: /, '')
      .trim();
    expect(JSON.parse(data)).toEqual({ type: 'delta', text: '[REDACTED]' });
  });

  test('?key=true redacts the parameter and leaves "stream":true alone', () => {
    const cassette = parseCassette(JSON.parse(readFileSync(files.get('short query key never breaks JSON')!, 'utf8')));
    expect(cassette.request.path).toBe('/echo?key=[REDACTED]');
    expect(cassette.request.body).toEqual({ json: { stream: true, model: 'm' } });
    expect((cassette.response.body as { json: { body: string } }).json.body).toBe('{"stream":true,"model":"m"}');
  });

  test('a non-credential header and body stay as sent', () => {
    const cassette = parseCassette(JSON.parse(readFileSync(files.get('JSON openai_api_key')!, 'utf8')));
    expect(cassette.request.body).toEqual({ json: { model: 'm', openai_api_key: '[REDACTED]' } });
    expect(cassette.request.headers['x-case']).toBe('JSON openai_api_key');
  });
});

describe('redactPieces', () => {
  const enc = (t: string) => new TextEncoder().encode(t);
  const dec = (b: Uint8Array) => new TextDecoder().decode(b);
  test('a secret over three chunks goes to the first; the others lose their part of it', () => {
    const out = redactPieces([enc('a sk-se'), enc('cr'), enc('et-1 b')], ['sk-secret-1']).map(dec);
    expect(out).toEqual(['a [REDACTED]', '', ' b']);
  });
  test('no secret: the same pieces', () => {
    expect(redactPieces([enc('abc')], ['zzzz']).map(dec)).toEqual(['abc']);
  });
});

describe('the recorder loses nothing and cannot be steered', () => {
  test('numbers continue after the highest cassette, never overwrite one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-numbering-'));
    writeFileSync(join(dir, '0003-get-models.json'), 'keep me');
    const upstream = echoUpstream();
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
    const recorder = await startRecorder({ upstream: `http://127.0.0.1:${(upstream.address() as { port: number }).port}`, out: dir });
    try {
      await (await fetch(`${recorder.baseUrl}/models`)).text();
      await (await fetch(`${recorder.baseUrl}/models`)).text();
    } finally {
      await recorder.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
    expect(readdirSync(dir).sort()).toEqual(['0003-get-models.json', '0004-get-models.json', '0005-get-models.json']);
    expect(readFileSync(join(dir, '0003-get-models.json'), 'utf8')).toBe('keep me');
  });

  test('a request target that is not a path never reaches another host, and is logged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-target-'));
    const upstream = echoUpstream();
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
    const seen: string[] = [];
    upstream.on('request', (req) => seen.push(String(req.url)));
    const logged: string[] = [];
    // A port-less upstream: `${origin}${target}` could have named another host.
    const recorder = await startRecorder({ upstream: 'http://localhost', out: dir, onNotRecorded: (l) => logged.push(l) });
    const port = (recorder.server.address() as { port: number }).port;
    try {
      for (const target of ['m://ignored/x', 'http://127.0.0.1:1/x', '//evil.example/x']) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: target, headers: { authorization: 'Bearer sk-must-not-travel' } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
        expect(status).toBe(400);
      }
    } finally {
      await recorder.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
    expect(seen).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatch(/not recorded: GET m:\/\/ignored\/x -> 400/);
  });
});
