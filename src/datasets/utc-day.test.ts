import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUtcDay, isoWeekday, isoWeekStart, monthStart, parseUtcDay } from './utc-day.ts';

describe('utc-day', () => {
  it('parse and format are inverse over real dates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), (day) => {
        expect(parseUtcDay(formatUtcDay(day))).toBe(day);
        const start = isoWeekStart(day);
        expect(isoWeekday(start)).toBe(0);
        expect(day - start).toBeLessThan(7);
        expect(formatUtcDay(monthStart(day))).toBe(`${formatUtcDay(day).slice(0, 8)}01`);
      }),
    );
  });
  it('refuses impossible dates', () => {
    for (const s of ['2025-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '25-01-01', '2025-1-1']) expect(parseUtcDay(s), s).toBeUndefined();
    expect(parseUtcDay('2024-02-29')).toBeDefined();
    expect(formatUtcDay(isoWeekStart(parseUtcDay('2026-01-01')!))).toBe('2025-12-29');
  });
});
