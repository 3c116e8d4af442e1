import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scheduleChecks } from './schedule-checks.ts';

/** `n` turns of the event loop (a check's length: no timers, so no wall time). */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Runs checks that take the given numbers of turns (one more than given, so every check waits); records what ran beside what. */
async function trace(durations: readonly number[], exclusive: readonly boolean[], width: number) {
  const running = new Set<number>();
  const started: number[] = [];
  const beside: Set<number>[] = durations.map(() => new Set());
  let most = 0;
  await scheduleChecks(
    durations.length,
    width,
    (i) => exclusive[i]!,
    async (i) => {
      started.push(i);
      for (const other of running) {
        beside[i]!.add(other);
        beside[other]!.add(i);
      }
      running.add(i);
      most = Math.max(most, running.size);
      await turns(durations[i]! + 1);
      running.delete(i);
    },
  );
  return { started, beside, most, running: running.size };
}

describe('scheduleChecks', () => {
  it('starts checks in order, at most width at once; an exclusive check runs beside none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ turns: fc.integer({ min: 0, max: 3 }), exclusive: fc.boolean() }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        async (checks, width) => {
          const t = await trace(
            checks.map((c) => c.turns),
            checks.map((c) => c.exclusive),
            width,
          );
          expect(t.started).toEqual(checks.map((_, i) => i));
          expect(t.running).toBe(0);
          expect(t.most).toBeLessThanOrEqual(width);
          for (const [i, c] of checks.entries()) if (c.exclusive) expect([...t.beside[i]!]).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a parked check lets the next one start; the width holds among the checks not parked', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    let working = 0;
    let most = 0;
    await scheduleChecks(
      4,
      1 + 1,
      () => false,
      async (i, park) => {
        started.push(i);
        working++;
        most = Math.max(most, working);
        if (i === 0) {
          working--;
          // Check 0 waits (parked) until check 3 has started: only possible if parking freed its place.
          await park(gate);
          working++;
        }
        if (i === 3) release();
        await turns(2);
        working--;
      },
    );
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBeLessThanOrEqual(3);
  });

  it('runs checks side by side when they may', async () => {
    const t = await trace([5, 5, 5, 5], [false, false, false, false], 2);
    expect(t.most).toBe(2);
  });
});
