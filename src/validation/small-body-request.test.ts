import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ResponsesRequestSchema } from '../schemas/responses-request.ts';
import { smallBodyFieldNames, smallBodyRequest } from './small-body-request.ts';
import { validateResponsesRequest } from './validate-responses-request.ts';

const value = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(-0, 0.5, 2 ** 53, 2 ** 53 - 1, 1e300, -1e-300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant([]),
  fc.constant({}),
  fc.constant([{ role: 'user', content: 'hi' }]),
);
const keys = fc.constantFrom('model', 'input', 'stream', 'instructions', 'temperature', 'top_p', 'max_output_tokens', 'tools', 'user', 'extra', '__proto__');
const body = fc.dictionary(keys, value, { maxKeys: 6 }).map((d) => JSON.parse(JSON.stringify(d)) as unknown);

describe('smallBodyRequest', () => {
  it('gives exactly what the schema gives (values and key order) whenever it answers, and answers nothing the schema refuses', () => {
    fc.assert(
      fc.property(body, (b) => {
        const small = smallBodyRequest(b);
        const parsed = ResponsesRequestSchema.safeParse(b);
        if (small === undefined) return;
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(small)).toBe(JSON.stringify(parsed.data));
        expect(Object.keys(small)).toEqual(Object.keys(parsed.data ?? {}));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads every small-body field's rule from the schema (none of its own)", () => {
    expect(smallBodyFieldNames()).toEqual(['input', 'instructions', 'max_output_tokens', 'model', 'stream', 'temperature', 'top_p']);
  });

  it('answers the common bodies and leaves the rest to the schema', () => {
    expect(smallBodyRequest({ model: 'openai/gpt-5-mini', input: 'hi', stream: true })).toEqual({ input: 'hi', model: 'openai/gpt-5-mini', stream: true });
    expect(smallBodyRequest({ model: 'm', input: [{ role: 'user', content: 'hi' }] })).toBeUndefined();
    expect(smallBodyRequest({ model: 'm', max_output_tokens: -1 })).toBeUndefined();
    expect(smallBodyRequest(JSON.parse('{"__proto__":{"x":1},"model":"m"}'))).toBeUndefined();
    expect(smallBodyRequest([])).toBeUndefined();
    // The schema still words every refusal.
    expect(() => validateResponsesRequest({ model: 'm', max_output_tokens: -1 })).toThrow(/max_output_tokens/);
  });
});
