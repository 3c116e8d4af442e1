import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkFetchPrototypes } from './fetch-prototypes.ts';
import { headersRecord, LightHeaders } from './light-headers.ts';
import { jsonResponse, rawBodyOf, rawBodyResponse } from './raw-body.ts';

// Names and values as a parser hands them over (tokens; visible Latin-1 with inner spaces).
const name = fc.constantFrom('Content-Type', 'content-type', 'Authorization', 'X-Session-Id', 'x-session-id', 'Set-Cookie', 'Cookie', 'Accept', 'a', 'Z-Last');
const value = fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', ',', ';', '=', '\u00e9', '\t'), maxLength: 12 });

describe('LightHeaders', () => {
  it('answers get, has, iteration and getSetCookie exactly as Fetch Headers does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, value), { maxLength: 12 }),
        fc.array(fc.tuple(name, value), { maxLength: 3 }),
        fc.array(name, { maxLength: 3 }),
        fc.array(fc.tuple(name, value), { maxLength: 3 }),
        (appended, set, deleted, more) => {
          const real = new Headers();
          const light = new LightHeaders();
          for (const [n, v] of appended) {
            real.append(n, v);
            light.append(n, v);
          }
          for (const [n, v] of set) {
            real.set(n, v);
            light.set(n, v);
          }
          for (const n of deleted) {
            real.delete(n);
            light.delete(n);
          }
          for (const [n, v] of more) {
            real.append(n, v);
            light.append(n, v);
          }
          expect([...light]).toEqual([...real]);
          const walked: string[][] = [];
          (light as unknown as Headers).forEach((v, n) => walked.push([n, v]));
          expect(walked).toEqual([...real]);
          expect(light.getSetCookie()).toEqual(real.getSetCookie());
          for (const n of ['content-type', 'AUTHORIZATION', 'x-session-id', 'set-cookie', 'missing']) {
            expect(light.get(n)).toBe(real.get(n));
            expect(light.has(n)).toBe(real.has(n));
          }
          expect(headersRecord(light as unknown as Headers)).toEqual(headersRecord(real));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('walks the names as they were when the walk began, whatever the callback changes, and the headers keep the change', () => {
    const light = new LightHeaders({ a: '1', b: '2', c: '3' });
    const walked: string[] = [];
    (light as unknown as Headers).forEach((v, n) => {
      walked.push(`${n}=${v}`);
      if (n === 'a') {
        light.set('aa', 'new');
        light.delete('c');
      }
    });
    // 'aa' came after the walk began; 'c' was deleted before the walk reached it.
    expect(walked).toEqual(['a=1', 'b=2']);
    expect([...light]).toEqual([
      ['a', '1'],
      ['aa', 'new'],
      ['b', '2'],
    ]);
  });

  it('is a Headers to its callers once the Fetch prototypes are linked, and converts into a real one', () => {
    const light = LightHeaders.fromRaw(['Host', 'h.test', 'Set-Cookie', 'a=1', 'set-cookie', 'b=2', 'Accept', ' x ']);
    linkFetchPrototypes();
    expect(light).toBeInstanceOf(Headers);
    expect(Object.prototype.toString.call(light)).toBe('[object Headers]');
    const real = new Headers(light);
    expect(real.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(real.get('accept')).toBe('x');
  });
});

describe('raw-body Responses', () => {
  it('are Responses whose body, text and clone come from the raw bytes', async () => {
    linkFetchPrototypes();
    const res = jsonResponse({ ok: true }, { status: 201, headers: { 'x-a': '1' } });
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(rawBodyOf(res)).toEqual({ text: '{"ok":true}' });
    expect(await res.clone().json()).toEqual({ ok: true });
    expect(await res.text()).toBe('{"ok":true}');
    expect(res.bodyUsed).toBe(true);
    const stream = rawBodyResponse({ pieces: [new TextEncoder().encode('a'), new TextEncoder().encode('b')] }, { status: 200, headers: {} });
    expect(await new Response(stream.body).text()).toBe('ab');
  });

  it('refuse a status Fetch refuses (a bug, as with the ordinary constructor)', () => {
    expect(() => rawBodyResponse({ text: '' }, { status: 600, headers: {} })).toThrow(RangeError);
    expect(() => new Response(null, { status: 600 })).toThrow(RangeError);
  });
});
