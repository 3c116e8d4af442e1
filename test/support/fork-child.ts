import { fork, type ChildProcess } from 'node:child_process';

/** A server in its own process (so its memory and handles are its own), driven over IPC. */
export interface ForkedChild<Stats> {
  /** The URL the child reported (`{ url }`) once listening. */
  readonly url: string;
  readonly process: ChildProcess;
  /** Ask the child for its figures (`'stats'` -> `{ stats }`). */
  stats(): Promise<Stats>;
  /** Ask it to stop (`'stop'`); killed if it has not exited after 5 s. */
  stop(): Promise<void>;
}

/**
 * Fork `file` under tsx and wait until it reports `{ url }`. `onMessage` sees every other message
 * (e.g. `{ bug }` reports). Used by the benchmark (bench/) and the limit tests (test/limits/).
 */
export async function forkChild<Stats>(
  file: string,
  args: readonly string[] = [],
  options: { execArgv?: string[]; onMessage?: (message: unknown) => void; /** A compiled .js file: run by plain node, without tsx. */ plain?: boolean } = {},
): Promise<ForkedChild<Stats>> {
  const child = fork(file, [...args], {
    execArgv: [...(options.plain ? [] : ['--import', 'tsx']), ...(options.execArgv ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (options.onMessage) child.on('message', options.onMessage);
  const url = await new Promise<string>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${file} exited before listening (code ${code})`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.on('message', (m: { url?: string }) => {
      if (!m?.url) return;
      child.off('exit', onExit);
      resolve(m.url);
    });
  });
  return {
    url,
    process: child,
    stats: () =>
      new Promise<Stats>((resolve) => {
        const on = (m: { stats?: Stats }) => {
          if (!m?.stats) return;
          child.off('message', on);
          resolve(m.stats);
        };
        child.on('message', on);
        child.send('stats');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send('stop');
      }),
  };
}
