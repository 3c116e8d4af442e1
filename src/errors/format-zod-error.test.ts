import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPath, formatZodError, gatewayZodErrorMap } from './format-zod-error.ts';

const fail = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value, { error: gatewayZodErrorMap });
  if (r.success) throw new Error('expected failure');
  return formatZodError(r.error);
};

describe('formatPath', () => {
  it('joins identifiers with dots, indexes with brackets, and quotes other keys', () => {
    expect(formatPath([])).toBe('(root)');
    expect(formatPath(['input', 2, 'content'])).toBe('input[2].content');
    expect(formatPath(['metadata', 'a[b'])).toBe('metadata["a[b"]');
    expect(formatPath(['metadata', 'with space'])).toBe('metadata["with space"]');
  });
  it('never loses a key: the quoted form parses back to it', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        const out = formatPath(['m', key]);
        const back = out.startsWith('m[') ? (JSON.parse(out.slice(2, -1)) as string) : out.slice(2);
        expect(back).toBe(key);
      }),
      { numRuns: 200 },
    );
  });
});

describe('formatZodError with gatewayZodErrorMap', () => {
  it('states limits with what was received', () => {
    expect(fail(z.object({ s: z.string().max(3) }), { s: 'abcd' })).toBe('s: at most 3 characters (got 4)');
    expect(fail(z.object({ n: z.number().int().min(1) }), { n: 0 })).toBe('n: must be >= 1 (got 0)');
    expect(fail(z.object({ n: z.number().int() }), { n: 1.5 })).toBe('n: expected integer, got number 1.5');
    expect(fail(z.object({ a: z.array(z.string()).max(1) }), { a: ['x', 'y'] })).toBe('a: at most 1 items (got 2)');
    expect(fail(z.object({ e: z.enum(['x', 'y']) }), { e: 'z' })).toBe('e: must be one of "x", "y" (got "z")');
    expect(fail(z.object({ r: z.string() }), {})).toBe('r: required (expected string)');
  });
  it('names unknown keys of strict objects in the path', () => {
    expect(fail(z.object({ p: z.strictObject({ a: z.string().optional() }) }), { p: { zz: 1 } })).toBe('p.zz: unknown property');
  });
  it('limits the number of issues listed', () => {
    const schema = z.object(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, z.string()])));
    expect(fail(schema, {})).toMatch(/; and 3 more$/);
  });
});
