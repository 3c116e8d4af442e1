import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankBucket, TOP_MODELS } from './rank-bucket.ts';

describe('rankBucket', () => {
  it('keeps the top 50 by total (ties alphabetical), sums the rest into a last `other` row, total preserved', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{1,3}\/[a-z]{1,3}$/), fc.bigInt({ min: 0n, max: 10n ** 15n })), {
          selector: ([k]) => k,
          maxLength: 120,
        }),
        (entries) => {
          const rows = rankBucket('2025-03-04', new Map(entries));
          const positive = entries.filter(([, v]) => v > 0n);
          const real = rows.filter((r) => r.model_permaslug !== 'other');
          expect(real.length).toBe(Math.min(TOP_MODELS, positive.length));
          expect(rows.some((r) => r.model_permaslug === 'other')).toBe(positive.length > TOP_MODELS);
          if (positive.length > TOP_MODELS) expect(rows.at(-1)?.model_permaslug).toBe('other');
          for (let i = 1; i < real.length; i++) {
            const [a, b] = [real[i - 1]!, real[i]!];
            const [x, y] = [BigInt(a.total_tokens), BigInt(b.total_tokens)];
            expect(x > y || (x === y && a.model_permaslug < b.model_permaslug)).toBe(true);
          }
          const sum = rows.reduce((s, r) => s + BigInt(r.total_tokens), 0n);
          expect(sum).toBe(positive.reduce((s, [, v]) => s + v, 0n));
          for (const r of rows) expect(r.date).toBe('2025-03-04');
        },
      ),
    );
  });
});
