import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { linkFetchPrototypes } from '../../http/fetch-prototypes.ts';
import { incomingRequest } from './incoming-request.ts';

const incoming = (method: string, url: string, rawHeaders: string[]) => ({ method, url, rawHeaders }) as unknown as IncomingMessage;

describe('incomingRequest', () => {
  it('is a Request with the method, the normalised URL and the headers of the message', async () => {
    const req = incomingRequest(
      incoming('POST', '/api/v1/../v1/responses?x=1', ['Host', 'h', 'X-Session-Id', 'a', 'x-session-id', 'b']),
      'http://127.0.0.1:8080',
    );
    // An instance of the real class once the Fetch prototypes are linked (the server never needs it).
    linkFetchPrototypes();
    expect(req).toBeInstanceOf(Request);
    expect(req.method).toBe('POST');
    expect(req.url).toBe(new Request('http://127.0.0.1:8080/api/v1/../v1/responses?x=1').url);
    expect(req.headers.get('x-session-id')).toBe('a, b');
    // What only an ordinary Request has is built on demand (bodiless: the adapter reads the body).
    expect(req.signal.aborted).toBe(false);
    expect(req.clone().headers.get('x-session-id')).toBe('a, b');
    expect(await req.text()).toBe('');
  });

  it('joins origin-form targets (a leading // is a path, not a host) and resolves absolute-form ones', () => {
    expect(incomingRequest(incoming('GET', '//evil.test/x', []), 'http://127.0.0.1:1').url).toBe('http://127.0.0.1:1//evil.test/x');
    expect(incomingRequest(incoming('GET', 'http://other.test/y', []), 'http://127.0.0.1:1').url).toBe('http://other.test/y');
  });

  it('gives every target the URL the parser would, whether or not it skips parsing a plain path', () => {
    const targets = [
      '/api/v1/responses',
      '/',
      '//x',
      '/a/./b',
      '/a/..',
      '/a/.b/..c',
      '/a%2e/b',
      '/a b',
      '/a\\b',
      "/it's",
      '/q?x=1',
      '/h#f',
      '/é',
      '/a:b@c;d=e,f+g$h&i(j)*~',
    ];
    for (const target of targets) {
      const expected = new URL('http://127.0.0.1:1' + target);
      expect(incomingRequest(incoming('GET', target, []), 'http://127.0.0.1:1').url, target).toBe(expected.href);
    }
  });

  it('throws for what the Request constructor refuses (the adapter answers 400)', () => {
    expect(() => incomingRequest(incoming('TRACE', '/x', []), 'http://127.0.0.1:1')).toThrow(TypeError);
    expect(() => new Request('http://127.0.0.1:1/x', { method: 'TRACE' })).toThrow(TypeError);
    expect(() => incomingRequest(incoming('GET', 'http://[bad/', []), 'http://127.0.0.1:1')).toThrow(TypeError);
  });
});
