import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUsageArithmetic, UsageSchema, type Usage } from './usage.ts';

const usage = (input: number, cached: number, output: number, reasoning: number, total: number): Usage => ({
  input_tokens: input,
  input_tokens_details: { cached_tokens: cached },
  output_tokens: output,
  output_tokens_details: { reasoning_tokens: reasoning },
  total_tokens: total,
});

const consistentArb = fc
  .record({ input: fc.nat(10_000), output: fc.nat(10_000) })
  .chain(({ input, output }) => fc.tuple(fc.constant(input), fc.nat(input), fc.constant(output), fc.nat(output)))
  .map(([i, c, o, r]) => usage(i, c, o, r, i + o));

describe('UsageSchema and checkUsageArithmetic (spec 2.2)', () => {
  it('consistent usage parses and has no problems', () => {
    fc.assert(
      fc.property(consistentArb, fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined }), (u, cost) => {
        const withCost = cost === undefined ? u : { ...u, cost, is_byok: false };
        expect(UsageSchema.safeParse(withCost).success).toBe(true);
        expect(checkUsageArithmetic(withCost)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('reports each broken sum', () => {
    fc.assert(
      fc.property(consistentArb, fc.integer({ min: 1, max: 50 }), (u, d) => {
        expect(checkUsageArithmetic({ ...u, total_tokens: u.total_tokens + d })[0]).toMatch(/^total_tokens:/);
        const badReasoning = { ...u, output_tokens_details: { reasoning_tokens: u.output_tokens + d } };
        expect(checkUsageArithmetic(badReasoning)).toEqual([expect.stringMatching(/^output_tokens_details.reasoning_tokens:/)]);
        const badCached = { ...u, input_tokens_details: { cached_tokens: u.input_tokens + d } };
        expect(checkUsageArithmetic(badCached)).toEqual([expect.stringMatching(/^input_tokens_details.cached_tokens:/)]);
      }),
      { numRuns: 100 },
    );
  });

  it('rejects non-integer or negative counts, missing details', () => {
    expect(UsageSchema.safeParse(usage(1.5, 0, 1, 0, 2.5)).success).toBe(false);
    expect(UsageSchema.safeParse(usage(-1, 0, 1, 0, 0)).success).toBe(false);
    expect(UsageSchema.safeParse({ input_tokens: 1, output_tokens: 1, total_tokens: 2 }).success).toBe(false);
  });
});
