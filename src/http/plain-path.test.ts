import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainPath } from './plain-path.ts';

describe('isPlainPath', () => {
  it('holds only for paths the URL parser leaves exactly as joined, after an origin or a parsed base', () => {
    const unit = fc.constantFrom('a', 'Z', '0', '-', '.', '_', '~', '/', '%', '2e', '?', '#', ' ', '\\', "'", '@', ':', 'é', '..', './');
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 12 }),
        fc.constantFrom('http://127.0.0.1:8080', 'https://gw.test/api/v1', 'http://gw.test/%7Ea/b'),
        (rest, base) => {
          const path = `/${rest}`;
          if (!isPlainPath(path)) return;
          const parsed = new URL(base + path);
          expect(parsed.href).toBe(base + path);
          expect(parsed.pathname).toBe(new URL(base).pathname.replace(/\/+$/, '') + path);
        },
      ),
      { numRuns: 2000 },
    );
    expect(isPlainPath('/api/v1/responses')).toBe(true);
    expect(isPlainPath('/api/v1/../responses')).toBe(false);
    expect(isPlainPath('/api/v1/.')).toBe(false);
    expect(isPlainPath('/q?x=1')).toBe(false);
    expect(isPlainPath('relative')).toBe(false);
  });
});
