import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonDepthExceeds } from './json-depth.ts';

/** The plain scan, one character at a time: what jsonDepthExceeds must answer whatever its shortcuts. */
function scanExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > limit) return true;
    } else if (c === ']' || c === '}') depth--;
  }
  return false;
}

describe('jsonDepthExceeds', () => {
  it('answers as the character scan does, brackets inside strings and escapes included', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a'), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), (t, limit) => {
        expect(jsonDepthExceeds(t, limit)).toBe(scanExceeds(t, limit));
      }),
      { numRuns: 2000 },
    );
  });

  it('looks past a long string with no brackets in it', () => {
    const upload = JSON.stringify({ input_audio: { data: 'A'.repeat(100_000), format: 'wav' } });
    expect(jsonDepthExceeds(upload, 1)).toBe(true);
    expect(jsonDepthExceeds(upload, 2)).toBe(false);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(300)}"}`, 256)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(257), 256)).toBe(true);
  });
});
