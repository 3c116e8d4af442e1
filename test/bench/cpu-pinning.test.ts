import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allowedCpus, pinCpus } from '../../bench/cpu-pinning.ts';

const allowed = (pid: number) => allowedCpus(readFileSync(`/proc/${pid}/status`, 'utf8'));
const hasTaskset = process.platform === 'linux' && spawnSync('taskset', ['-V']).status === 0;

describe('bench: CPU pinning of the throughput step', () => {
  it('reads the CPU list the kernel gives', () => {
    expect(allowedCpus('Name:\tnode\nCpus_allowed_list:\t0-2,5,7-8\n')).toEqual([0, 1, 2, 5, 7, 8]);
    expect(allowedCpus('Name:\tnode\n')).toEqual([]);
  });

  it('is off on one CPU, or when the CPUs are unknown, and says so', () => {
    expect(pinCpus([3]).note).toBe('not pinned (one CPU)');
    const unknown = pinCpus([]);
    expect(unknown.note).toBe('not pinned (its CPUs unknown)');
    expect(unknown.pinServer(process.pid)).toBe(false);
    expect(unknown.pinning).toBe(false);
  });

  it.skipIf(!hasTaskset || allowedCpus().length < 2)('puts a server on the last CPU and this process on the first, then gives this one its CPUs back', () => {
    const before = allowedCpus();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    try {
      const pins = pinCpus();
      try {
        expect(allowed(process.pid)).toEqual([before[0]]);
        expect(pins.pinServer(child.pid as number)).toBe(true);
        expect(allowed(child.pid as number)).toEqual([before.at(-1)]);
        expect(pins.note).toContain(`CPU ${before.at(-1)}`);
        expect(pins.pinning).toBe(true);
      } finally {
        pins.release();
      }
      expect(allowed(process.pid)).toEqual(before);
    } finally {
      child.kill();
    }
  });
});
