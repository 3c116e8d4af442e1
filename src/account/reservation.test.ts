import { describe, expect, it } from 'vitest';
import type { GenerationRecord } from './generation-record.ts';
import { createCreditHolds } from './reservation.ts';

const record = { id: 'gen-1', cost: 0.25 } as GenerationRecord;

describe('createCreditHolds', () => {
  it('sums open holds per key and in all; settling charges once and closes the hold', () => {
    const holds = createCreditHolds();
    const charged: GenerationRecord[] = [];
    const a = holds.hold('sk-a', 0.5, (r) => charged.push(r));
    const b = holds.hold('sk-a', 0.25, (r) => charged.push(r));
    expect(holds.heldBy('sk-a')).toBe(0.75);
    expect(holds.held()).toBe(0.75);
    a.settle(record);
    a.settle(record);
    b.release();
    b.settle(record);
    expect(charged).toEqual([record]);
    expect([a.open, b.open]).toEqual([false, false]);
    expect(holds.heldBy('sk-a')).toBe(0);
    expect(holds.held()).toBe(0);
  });

  it('keeps the open holds of a key while keys that hold nothing are forgotten', () => {
    const holds = createCreditHolds();
    const kept = holds.hold('sk-kept', 1, () => undefined);
    for (let i = 0; i < 3000; i++) holds.hold(`sk-${i}`, 0.1, () => undefined).release();
    expect(holds.heldBy('sk-kept')).toBe(1);
    expect(holds.heldBy('sk-5')).toBe(0);
    expect(holds.held()).toBeCloseTo(1, 12);
    kept.release();
    expect(holds.held()).toBeCloseTo(0, 12);
  });

  it('a hold made before a reset does not lower the sums after it', () => {
    const holds = createCreditHolds();
    const before = holds.hold('sk-a', 0.5, () => undefined);
    holds.clear();
    const after = holds.hold('sk-a', 0.25, () => undefined);
    before.release();
    expect(holds.heldBy('sk-a')).toBe(0.25);
    after.release();
    expect(holds.heldBy('sk-a')).toBe(0);
  });
});
