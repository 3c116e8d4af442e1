import { link, readFile, readlink, symlink, unlink, writeFile } from 'node:fs/promises';
import { StateFileError } from './state-file-error.ts';

/** The held lock of a state file: release it when the log closes. */
export interface StateFileLock {
  /** The lock file's path (`<state file>.lock`). */
  readonly path: string;
  /** A stale lock of a dead owner that was taken over, worth a start-up note; else undefined. */
  readonly tookOver: string | undefined;
  release(): Promise<void>;
}

/** Whether a process with this id runs (EPERM: it does, under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When this process started (ms, rounded to the second: uptime is read a moment later each time). */
const startedAt = () => Math.round((Date.now() - process.uptime() * 1000) / 1000) * 1000;

/** What the lock says: `pid N started MS`. */
const ownerText = () => `pid ${process.pid} started ${startedAt()}`;

/** The owner a lock names (pid and start time), or undefined when it names none. */
async function ownerOf(lockPath: string): Promise<{ pid: number; started: number } | undefined> {
  const text = await readlink(lockPath).catch(() => readFile(lockPath, 'utf8').catch(() => ''));
  const m = /^pid (\d+) started (\d+)$/.exec(text.trim());
  return m ? { pid: Number(m[1]), started: Number(m[2]) } : undefined;
}

/**
 * Create the lock, atomically and whole, failing with EEXIST when one exists. A symbolic link
 * whose target is the owner text: it needs no data block, so it can be made on a full disk (a
 * server restarted after filling its disk must still start and keep its jobs). Where symbolic
 * links are not allowed (Windows without the privilege), a file written under a private name and
 * hard-linked into place.
 */
async function createLock(lockPath: string): Promise<void> {
  try {
    await symlink(ownerText(), lockPath);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
  }
  const mine = `${lockPath}.${process.pid}.tmp`;
  await writeFile(mine, `${ownerText()}\n`, { mode: 0o644 });
  try {
    await link(mine, lockPath);
  } finally {
    await unlink(mine).catch(() => undefined);
  }
}

/**
 * Whether the owner still runs. Our own pid in the lock is this process only if the start time
 * matches too: a container restarted with the same pid (pid 1) left that lock behind.
 */
function ownerRuns(owner: { pid: number; started: number }): boolean {
  if (owner.pid === process.pid) return Math.abs(owner.started - startedAt()) <= 2000;
  return isAlive(owner.pid);
}

/**
 * Make this process the one owner of a state file (two servers appending to one file hand out
 * the same job ids, and one's compaction strands the other's writes). The lock sits beside it,
 * `<file>.lock`, and names the owner's pid and start time. It is created whole and atomically
 * (see createLock), failing if a lock exists, so no reader ever sees half of one. A lock whose owner is no longer running (a crash, kill -9) is taken over; a
 * live owner, this process included, is refused with a {@link StateFileError} naming its pid.
 *
 * @example
 * const lock = await lockStateFile('state.log');
 * // ... use the file ...
 * await lock.release();
 */
export async function lockStateFile(file: string): Promise<StateFileLock> {
  const lockPath = `${file}.lock`;
  let tookOver: string | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      await createLock(lockPath);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new StateFileError(file, `cannot create its lock file ${lockPath} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
    }
    const owner = await ownerOf(lockPath);
    if (owner !== undefined && ownerRuns(owner)) {
      const who = owner.pid === process.pid ? 'this process (it is already open here)' : `process ${owner.pid}`;
      throw new StateFileError(file, `in use by ${who}: one server per state file (lock file ${lockPath}); stop that server or choose another --state-file`);
    }
    if (attempt > 0) throw new StateFileError(file, `cannot take over the stale lock file ${lockPath}; remove it if no gatewaykit server uses ${file}`);
    // The owner is gone (or the file names none): the lock is stale.
    tookOver = `took over the lock of ${owner === undefined ? 'an unknown owner' : `process ${owner.pid}`}, which is no longer running`;
    await unlink(lockPath).catch(() => undefined);
  }
  let released = false;
  return {
    path: lockPath,
    tookOver,
    async release() {
      if (released) return;
      released = true;
      // Only our own lock is removed (a lock taken over after we were presumed dead stays).
      const owner = await ownerOf(lockPath);
      if (owner?.pid === process.pid && ownerRuns(owner)) await unlink(lockPath).catch(() => undefined);
    },
  };
}
