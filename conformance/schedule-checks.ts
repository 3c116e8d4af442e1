/**
 * Run `count` checks, by index, with at most `width` at once, started in index order. A check for
 * which `exclusive(index)` holds runs alone: it starts once every check before it has finished, and
 * the checks after it start once it has finished, so what it sees of the target (and of the run's
 * journal) is what a one-at-a-time run shows it. `run` must not reject (the runner turns a throw
 * into a verdict). Width 1 is the one-at-a-time run.
 *
 * @example
 * await scheduleChecks(checks.length, 3, (i) => checks[i]!.exclusive === true, (i) => runOne(i));
 */
export async function scheduleChecks(count: number, width: number, exclusive: (index: number) => boolean, run: (index: number) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for (let index = 0; index < count; index++) {
    if (width <= 1 || exclusive(index)) {
      await Promise.all(running);
      await run(index);
      continue;
    }
    while (running.size >= width) await Promise.race(running);
    const done: Promise<void> = run(index).finally(() => running.delete(done));
    running.add(done);
  }
  await Promise.all(running);
}
