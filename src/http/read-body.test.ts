import { describe, expect, it } from 'vitest';
import { GatewayError } from '../errors/gateway-error.ts';
import { isJsonContentType, parseJsonBody, readBodyLimited } from './read-body.ts';

const streamOf = (chunks: Uint8Array[], onPull?: () => void) =>
  new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        onPull?.();
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  ); // no eager pull: every pull is one the reader asked for

describe('readBodyLimited', () => {
  it('returns the whole body under the limit', async () => {
    const req = new Request('http://x/', { method: 'POST', body: streamOf([new Uint8Array([1, 2]), new Uint8Array([3])]), duplex: 'half' } as RequestInit);
    expect([...(await readBodyLimited(req, 10))]).toEqual([1, 2, 3]);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    let pulls = 0;
    const req = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-length': '1000' },
      body: streamOf([new Uint8Array(1000)], () => pulls++),
      duplex: 'half',
    } as RequestInit);
    await expect(readBodyLimited(req, 10)).rejects.toMatchObject({ status: 413 });
    expect(pulls).toBe(0);
  });

  it('stops reading as soon as the limit is passed', async () => {
    let pulls = 0;
    const chunks = Array.from({ length: 100 }, () => new Uint8Array(8));
    const req = new Request('http://x/', { method: 'POST', body: streamOf(chunks, () => pulls++), duplex: 'half' } as RequestInit);
    const err = await readBodyLimited(req, 20).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).status).toBe(413);
    expect(pulls).toBeLessThan(10);
  });
});

describe('parseJsonBody', () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  it('parses JSON with or without a declared JSON type', () => {
    expect(parseJsonBody(enc('{"a":1}'), 'application/json; charset=utf-8')).toEqual({ a: 1 });
    expect(parseJsonBody(enc('[1]'), null)).toEqual([1]);
    expect(isJsonContentType('application/vnd.api+json')).toBe(true);
  });
  it.each([
    ['text/plain', '{"a":1}', /Content-Type must be application\/json/],
    ['application/json', '', /body is required/],
    ['application/json', '{bad', /Malformed JSON/],
  ])('%s %j -> 400', (ct, body, message) => {
    expect(() => parseJsonBody(enc(body), ct)).toThrow(message);
  });
  it('rejects invalid UTF-8 with 400', () => {
    const err = (() => {
      try {
        parseJsonBody(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 'application/json');
      } catch (e) {
        return e as GatewayError;
      }
    })();
    expect(err?.status).toBe(400);
    expect(err?.message).toMatch(/UTF-8/);
  });
});
