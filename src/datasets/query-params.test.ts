import { describe, expect, it } from 'vitest';
import { boolParam, enumParam, intParam, oneParam } from './query-params.ts';

const q = (s: string) => new URLSearchParams(s);
const status = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return (e as { status?: number }).status;
  }
};

describe('query parameters of the datasets', () => {
  it('reads each kind, absent as undefined', () => {
    expect(oneParam(q('a=1'), 'a')).toBe('1');
    expect(oneParam(q(''), 'a')).toBeUndefined();
    expect(enumParam(q('s=x'), 's', ['x', 'y'])).toBe('x');
    expect(intParam(q('n=5'), 'n', 1, 10)).toBe(5);
    expect(boolParam(q('b=false'), 'b')).toBe(false);
  });

  it('answers 400 for a repeated, unknown, out-of-range or non-integer value', () => {
    expect(status(() => oneParam(q('a=1&a=2'), 'a'))).toBe(400);
    expect(status(() => enumParam(q('s=z'), 's', ['x']))).toBe(400);
    expect(status(() => intParam(q('n=11'), 'n', 1, 10))).toBe(400);
    expect(status(() => intParam(q('n=1.5'), 'n', 1))).toBe(400);
    expect(status(() => intParam(q('n='), 'n', 0))).toBe(400);
    expect(status(() => boolParam(q('b=yes'), 'b'))).toBe(400);
  });
});
