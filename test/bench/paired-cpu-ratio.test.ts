import { describe, expect, it } from 'vitest';
import { pairedCpuRatio } from '../../bench/stats.ts';

describe('bench: CPU efficiency paired by round', () => {
  it('is the median of the rounds’ ratios, not the ratio of the medians', () => {
    // Round 2 was slow for the peer only: the rounds say 1.8x twice, the medians 1.3x.
    const ours = { cpuUs: 100, cpuRuns: [70, 100, 110] };
    const peer = { cpuUs: 130, cpuRuns: [126, 130, 200] };
    expect(pairedCpuRatio(ours, peer)).toBeCloseTo(1.8, 5);
    expect(peer.cpuUs / ours.cpuUs).toBeCloseTo(1.3, 5);
  });

  it('falls back to the ratio of the medians when the rounds do not pair', () => {
    expect(pairedCpuRatio({ cpuUs: 80, cpuRuns: [80] }, { cpuUs: 120, cpuRuns: [120, 118] })).toBeCloseTo(1.5, 5);
    expect(pairedCpuRatio({ cpuUs: 80 }, { cpuUs: 120 })).toBeCloseTo(1.5, 5);
    expect(pairedCpuRatio({}, { cpuUs: 120 })).toBeUndefined();
  });
});
