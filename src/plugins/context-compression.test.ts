import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approxTokens } from '../request/prompt-tokens.ts';
import { itemText } from '../request/read-input.ts';
import { contextCompression, middleOut } from './context-compression.ts';

describe('context-compression (middle-out)', () => {
  it('a long string keeps its head and tail and fits the budget', () => {
    const input = `HEAD${'x'.repeat(10_000)}TAIL`;
    const out = middleOut(input, 100).input as string;
    expect(out.startsWith('HEAD')).toBe(true);
    expect(out.endsWith('TAIL')).toBe(true);
    expect(approxTokens(out)).toBeLessThanOrEqual(100);
  });
  it('an item list keeps the first and last items and drops the middle ones until it fits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 0, maxLength: 400 }), { minLength: 3, maxLength: 30 }),
        fc.integer({ min: 50, max: 2000 }),
        (texts, budget) => {
          const items = texts.map((content, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content }));
          const { input } = middleOut(items, budget);
          const out = input as typeof items;
          expect(out[0]).toBe(items[0]);
          expect(out[out.length - 1]).toBe(items[items.length - 1]);
          const tokens = out.reduce((n, it) => n + approxTokens(itemText(it)) + 1, 0);
          expect(tokens <= budget || out.length === 2).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
  it('reports a stage either way; compresses only past the context length', () => {
    const entry = { id: 'context-compression' as const, index: 0, config: { id: 'context-compression' as const } };
    expect(contextCompression(entry, { input: 'hi' }, 1, 100, 0)).toMatchObject({ stage: { type: 'context_compression', data: { applied: false } } });
    const r = contextCompression(entry, { input: 'y'.repeat(4000) }, 1000, 100, 0);
    expect(r.stage.data).toMatchObject({ engine: 'middle-out', applied: true });
    expect(approxTokens(r.input as string)).toBeLessThanOrEqual(100);
  });
});

describe('middleOut with a real token counter', () => {
  it('shrinks a dense string until the counter says it fits', () => {
    // One "token" per character, as for dense scripts: the 4-characters-a-token start is too long.
    const perChar = (t: string) => t.length;
    const out = middleOut('語'.repeat(10_000), 1_000, 0, perChar);
    expect(typeof out.input).toBe('string');
    expect(perChar(out.input as string)).toBeLessThanOrEqual(1_000);
    expect((out.input as string).startsWith('語')).toBe(true);
    expect((out.input as string).endsWith('語')).toBe(true);
  });
});
