import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOnce } from './parse-once.ts';

describe('parseOnce', () => {
  const Schema = z.object({ n: z.number() });

  it('judges one decoded value once per schema and gives every oracle the same verdict', () => {
    const value = { n: 1 };
    const first = parseOnce(Schema, value);
    expect(first).toEqual({ success: true, data: { n: 1 } });
    expect(parseOnce(Schema, value)).toBe(first);
    // Another schema judges the same value on its own.
    const other = parseOnce(z.object({ n: z.string() }), value);
    expect(other.success).toBe(false);
    expect(parseOnce(Schema, value)).toBe(first);
  });

  it('judges an equal but distinct value again, and primitives every time', () => {
    const a = parseOnce(Schema, { n: 'x' });
    const b = parseOnce(Schema, { n: 'x' });
    expect(a.success).toBe(false);
    expect(b).not.toBe(a);
    expect(b.error?.issues[0]?.path).toEqual(['n']);
    expect(parseOnce(z.number(), 3)).toEqual({ success: true, data: 3 });
    expect(parseOnce(Schema, null).success).toBe(false);
  });
});
