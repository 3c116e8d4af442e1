import { describe, expect, it } from 'vitest';
import { fairShare } from './fair-share.ts';

const never = () => false;

describe('fairShare', () => {
  it('keeps back what every check still to come owes before sharing what is left', () => {
    // 20 left, owed 3 + 4 + 5: 8 spare over 3 checks, rounded up.
    expect(fairShare(20, 0, [{ own: 3 }, { own: 4 }, { own: 5 }], [true, true, true], never)).toBe(3 + 3);
    // The last check spending gets everything left.
    expect(fairShare(9, 2, [{ own: 3 }, { own: 4 }, { own: 5 }], [true, true, true], never)).toBe(9);
  });

  it('a larger budget never leaves a later check less than it owes', () => {
    const owed = [{ own: 10 }, { own: 1 }, { own: 2 }];
    for (let left = 13; left < 60; left++) {
      const first = fairShare(left, 0, owed, [true, true, true], never);
      const second = fairShare(left - first, 1, owed, [true, true, true], never);
      expect(left - first - second, `left ${left}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('counts a shared sample set once, and not at all once it was sent; checks that do not spend owe nothing', () => {
    const owed = [{ own: 1 }, { own: 0, shared: { samples: 4 } }, { own: 0, shared: { samples: 4 } }, { own: 7 }];
    expect(fairShare(6, 0, owed, [true, true, true, false], never)).toBe(1 + 1);
    expect(fairShare(6, 0, owed, [true, true, true, false], (key) => key === 'samples')).toBe(1 + 2);
  });

  it('under a budget smaller than what is owed, a check gets what it owes', () => {
    expect(fairShare(3, 0, [{ own: 5 }, { own: 5 }], [true, true], never)).toBe(5);
  });
});
