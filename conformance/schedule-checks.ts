/**
 * Waits for `waiting` without holding a place among the `width` checks that run at once: a check
 * waiting for others (a shared value another check makes) lets a later check start meanwhile.
 */
export type Park = <T>(waiting: Promise<T>) => Promise<T>;

/**
 * Run `count` checks, by index, with at most `width` at once (parked ones aside), started in index
 * order. A check for which `exclusive(index)` holds runs alone: it starts once every check before
 * it has finished, and the checks after it start once it has finished, so what it sees of the
 * target (and of the run's journal) is what a one-at-a-time run shows it. `run` must not reject
 * (the runner turns a throw into a verdict). Width 1 is the one-at-a-time run.
 *
 * @example
 * await scheduleChecks(checks.length, 3, (i) => checks[i]!.exclusive === true, (i, park) => runOne(i, park));
 */
export async function scheduleChecks(
  count: number,
  width: number,
  exclusive: (index: number) => boolean,
  run: (index: number, park: Park) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  // Checks started and not parked; the loop below waits for one to finish or park.
  let active = 0;
  let wake: (() => void) | undefined;
  const freed = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const park: Park = async (waiting) => {
    active--;
    freed();
    try {
      return await waiting;
    } finally {
      active++;
    }
  };
  const alone: Park = (waiting) => waiting;
  for (let index = 0; index < count; index++) {
    if (width <= 1 || exclusive(index)) {
      await Promise.all(running);
      await run(index, alone);
      continue;
    }
    while (active >= width) await new Promise<void>((resolve) => (wake = resolve));
    active++;
    const done: Promise<void> = run(index, park).finally(() => {
      running.delete(done);
      active--;
      freed();
    });
    running.add(done);
  }
  await Promise.all(running);
}
