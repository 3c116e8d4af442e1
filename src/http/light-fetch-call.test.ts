import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lightFetchCall } from './light-fetch-call.ts';
import { jsonResponse, rawBodyResponse } from './raw-body.ts';

const URL_ = 'http://gw.test/api/v1/responses?x=1';

describe('lightFetchCall', () => {
  it('makes the Request the Fetch constructor would, as far as the core reads it', async () => {
    const method = fc.constantFrom('get', 'GET', 'post', 'POST', 'delete', 'Patch', 'OPTIONS');
    const header = fc.tuple(
      fc.constantFrom('Content-Type', 'authorization', 'X-Session-Id', 'x-session-id', 'Content-Length'),
      fc.string({ unit: fc.constantFrom('a', ' ', '1', ';', 'é'), maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(
        method,
        fc.array(header, { maxLength: 5 }),
        fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        fc.boolean(),
        async (m, headers, body, asRecord) => {
          const init: RequestInit = { method: m, headers: asRecord ? Object.fromEntries(headers) : headers, ...(body !== undefined ? { body } : {}) };
          let real: Request;
          try {
            real = new Request(URL_, init);
          } catch {
            return; // what Fetch refuses, the caller builds through Fetch too (and gets its error)
          }
          const call = lightFetchCall(URL_, init);
          expect(call).toBeDefined();
          const light = call!.request;
          expect(light.method).toBe(real.method);
          expect(light.url).toBe(real.url);
          expect([...light.headers]).toEqual([...real.headers]);
          const bytes = await call!.readBody(1_000_000).catch((e: Error) => e);
          if (bytes instanceof Error) expect(bytes.message).toMatch(/Payload too large/);
          else expect(new TextDecoder().decode(bytes)).toBe(await real.text());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('leaves to Fetch every call it does not model (the caller then gets Fetch’s own errors)', () => {
    expect(lightFetchCall(URL_, { method: 'POST', body: new Uint8Array(1) })).toBeUndefined();
    expect(lightFetchCall(URL_, { signal: AbortSignal.timeout(1000) })).toBeUndefined();
    expect(lightFetchCall(URL_, { method: 'GET', body: 'x' })).toBeUndefined();
    expect(lightFetchCall(URL_, { method: 'TRACE' })).toBeUndefined();
    expect(lightFetchCall(URL_, { headers: { 'bad name': 'x' } })).toBeUndefined();
    expect(lightFetchCall(URL_, { headers: { a: 'line\nbreak' } })).toBeUndefined();
    expect(lightFetchCall('/relative', {})).toBeUndefined();
    expect(lightFetchCall(URL_, { method: 'POST', body: 'x' })).toBeDefined();
  });

  it('refuses a body past the limit as readBodyLimited does (declared first, then counted)', async () => {
    await expect(lightFetchCall(URL_, { method: 'POST', headers: { 'content-length': '50' }, body: 'x' })!.readBody(10)).rejects.toMatchObject({ status: 413 });
    await expect(lightFetchCall(URL_, { method: 'POST', body: 'x'.repeat(11) })!.readBody(10)).rejects.toMatchObject({ status: 413 });
  });
});

describe('reading a raw-body Response without building the ordinary one', () => {
  it('answers text, json, bytes once, then "body is unusable", as Fetch does', async () => {
    const res = jsonResponse({ a: 'é' });
    expect(res.bodyUsed).toBe(false);
    expect(await res.json()).toEqual({ a: 'é' });
    expect(res.bodyUsed).toBe(true);
    await expect(res.text()).rejects.toThrow(TypeError);
    expect(() => res.clone()).toThrow(TypeError);
    const real = new Response('{"a":"é"}');
    await real.json();
    await expect(real.text()).rejects.toThrow(TypeError);
    expect(() => real.clone()).toThrow(TypeError);
  });

  it('joins the pieces of an event stream and tells `sent` of each', async () => {
    const seen: string[] = [];
    const enc = new TextEncoder();
    const res = rawBodyResponse(
      {
        pieces: [enc.encode('a\u00e9'.slice(0, 1)), enc.encode('\u00e9b')],
        sent: (pieces, from, to) => pieces.slice(from, to).forEach((p) => seen.push(new TextDecoder().decode(p))),
      },
      { status: 200, headers: {} },
    );
    expect(new TextDecoder().decode(await res.bytes())).toBe('aéb');
    expect(seen).toEqual(['a', 'éb']);
  });
});
