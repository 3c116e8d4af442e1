/** A counting semaphore: at most `max` holders at once, the rest wait their turn in order. */
export interface Semaphore {
  acquire(): Promise<void>;
  release(): void;
}

/**
 * A semaphore of `max` places.
 *
 * @example
 * const slots = createSemaphore(16);
 * await slots.acquire();
 * try { await deliver(); } finally { slots.release(); }
 */
export function createSemaphore(max: number): Semaphore {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    acquire() {
      if (active < max) {
        active++;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else active--;
    },
  };
}
