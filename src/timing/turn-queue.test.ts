import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-queue.ts';

describe('createTurnQueue', () => {
  it('serves waiters one turn at a time, in order, round robin across jobs', async () => {
    const turns = createTurnQueue();
    const log: string[] = [];
    const job = async (name: string, slices: number) => {
      for (let i = 0; i < slices; i++) {
        await turns.turn();
        log.push(`${name}${i}`);
      }
    };
    await Promise.all([job('a', 3), job('b', 2), job('c', 1)]);
    expect(log).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2']);
  });

  it('lets other tasks run between two turns', async () => {
    const turns = createTurnQueue();
    const log: string[] = [];
    const job = (async () => {
      for (let i = 0; i < 3; i++) {
        await turns.turn();
        log.push(`slice${i}`);
      }
    })();
    // An unrelated task queued after the first turn was asked for runs before the last slice.
    await new Promise<void>((resolve) => setImmediate(resolve));
    log.push('other');
    await job;
    expect(log.indexOf('other')).toBeLessThan(log.indexOf('slice2'));
  });
});
