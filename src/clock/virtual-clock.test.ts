import { describe, expect, it } from 'vitest';
import { DEFAULT_VIRTUAL_EPOCH_MS, virtualClock } from './virtual-clock.ts';

describe('virtualClock', () => {
  it('starts at a fixed epoch and only moves when advanced', async () => {
    const clock = virtualClock();
    expect(clock.now()).toBe(DEFAULT_VIRTUAL_EPOCH_MS);
    await clock.advance(1500);
    expect(clock.now()).toBe(DEFAULT_VIRTUAL_EPOCH_MS + 1500);
  });

  it('fires due timers in time order, each seeing its own due time', async () => {
    const clock = virtualClock(0);
    const fired: Array<[string, number]> = [];
    clock.setTimer(300, () => fired.push(['c', clock.now()]));
    clock.setTimer(100, () => fired.push(['a', clock.now()]));
    clock.setTimer(100, () => fired.push(['b', clock.now()]));
    clock.setTimer(1000, () => fired.push(['late', clock.now()]));
    await clock.advance(500);
    expect(fired).toEqual([
      ['a', 100],
      ['b', 100],
      ['c', 300],
    ]);
    expect(clock.pendingTimers()).toBe(1);
  });

  it('fires timers scheduled by timers within the same advance', async () => {
    const clock = virtualClock(0);
    const at: number[] = [];
    clock.setTimer(10, () => {
      at.push(clock.now());
      clock.setTimer(10, () => at.push(clock.now()));
    });
    await clock.advance(25);
    expect(at).toEqual([10, 20]);
  });

  it('cancelled timers never fire; reset rewinds and drops timers', async () => {
    const clock = virtualClock(0);
    let fired = 0;
    const handle = clock.setTimer(5, () => fired++);
    handle.cancel();
    clock.setTimer(50, () => fired++);
    await clock.advance(10);
    clock.reset();
    expect(clock.now()).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
    await clock.advance(100);
    expect(fired).toBe(0);
  });

  it('refuses to move backwards or by a non-finite amount', async () => {
    const clock = virtualClock(0);
    await expect(clock.advance(-1)).rejects.toThrow(RangeError);
    await expect(clock.advance(Number.NaN)).rejects.toThrow(RangeError);
    await clock.advanceTo(-5);
    expect(clock.now()).toBe(0);
  });
});
