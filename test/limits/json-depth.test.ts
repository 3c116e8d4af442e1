import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { MAX_JSON_DEPTH, jsonDepthExceeds, parseJsonBody } from '../../src/http/read-body.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('limits: deeply nested JSON is a 400, not a stack overflow', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds(deep(3), 3)).toBe(false);
    expect(jsonDepthExceeds(deep(4), 3)).toBe(true);
    expect(jsonDepthExceeds(`["${'['.repeat(100)}"]`, 3)).toBe(false);
    expect(jsonDepthExceeds(`["\\"${'{'.repeat(100)}"]`, 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[]}]}', 3)).toBe(true);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(() => parseJsonBody(enc(deep(MAX_JSON_DEPTH)), 'application/json')).not.toThrow();
    expect(() => parseJsonBody(enc(deep(MAX_JSON_DEPTH + 1)), 'application/json')).toThrow(/deeper than/);
  });

  it.each([10_000, 100_000])('a body nested %i levels deep gets the 400 envelope from the gateway', async (n) => {
    const gateway = createGateway({
      baseUrl: 'http://gw.test/api/v1',
      onError: (e) => {
        throw e;
      },
    });
    for (const body of [deep(n), `{"model":"m","input":${deep(n)}}`, `{"metadata":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`]) {
      const res = await gateway.handle(
        new Request('http://gw.test/api/v1/responses', {
          method: 'POST',
          headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
          body,
        }),
      );
      expect(res.status).toBe(400);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe(400);
    }
  });
});
