import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../../clock/clock.ts';
import type { GatewayOptions } from '../../gateway/create-gateway.ts';
import type { VideoJobRecord } from '../../schemas/video-job-record.ts';
import type { VideoJobsSnapshot } from '../../videos/video-jobs.ts';
import { openStateLog, StateFileError, type StateLog } from './state-log.ts';

export { StateFileError } from './state-log.ts';

/** A state file's content as {@link readStateFile} returns it. */
export interface GatewayStateFile {
  version: 1;
  videos: VideoJobsSnapshot;
}

/**
 * Write `data` to `path` atomically: a temporary file in the same directory, then a rename, so a
 * crash mid-write leaves the previous state, never half a file.
 *
 * @example
 * writeFileAtomic('gatewaykit-state.json', JSON.stringify(state));
 */
export function writeFileAtomic(path: string, data: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, path);
}

/**
 * The jobs saved in a state file, replayed (for inspection and tests; the server uses
 * {@link stateFileOptions}). Undefined when the file does not exist. A torn last record is
 * ignored, as on start-up; anything else wrong throws a {@link StateFileError}.
 *
 * @example
 * readStateFile('state.log')?.videos.jobs.length;
 */
export function readStateFile(path: string): GatewayStateFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(path, `cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const lines = text.split('\n');
  if (!lines[0]?.startsWith('{"format":"gatewaykit-state"'))
    throw new StateFileError(path, 'not a gatewaykit state file (its first line is not the state-file header)');
  const jobs = new Map<string, VideoJobRecord>();
  let seq = 0;
  let at = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === '') continue;
    let record: { job?: VideoJobRecord; seq: number; at: number; reset?: boolean; forget?: string[] };
    try {
      record = JSON.parse(line);
    } catch (error) {
      if (i >= lines.length - 2) break; // a torn last record
      throw new StateFileError(path, `line ${i + 1}: not valid JSON (${(error as Error).message})`);
    }
    for (const id of record.forget ?? []) jobs.delete(id);
    if (record.job) jobs.set(record.job.id, record.job);
    else if (record.reset) jobs.clear();
    seq = record.seq;
    at = Math.max(at, record.at);
  }
  return { version: 1, videos: { version: 1, saved_at: at, seq, jobs: [...jobs.values()] } };
}

/** Gateway options with a state file, and what opening it repaired. */
export interface StateFileSetup extends Pick<GatewayOptions, 'videoJobs' | 'management' | 'files'> {
  /** Repairs made on opening (a torn last record dropped, an older format converted): worth a log line. */
  readonly repaired: readonly string[];
  /** The open log (flush and close it on shutdown). */
  readonly log: StateLog;
}

/**
 * Gateway options that keep video jobs in a state file (`gatewaykit serve --state-file FILE`): an
 * append-only log (docs/decisions/0014). The jobs saved there are restored, with their timelines
 * and pending webhooks; each accepted submission is written and fsynced before its 202, and
 * every later change is appended. A torn last record (a crash mid-write) is dropped; a corrupt or
 * foreign file is refused with a {@link StateFileError} naming the file and the problem. A
 * virtual clock is moved forward to the saved time so time never runs backwards.
 *
 * @example
 * const clock = virtualClock();
 * const state = await stateFileOptions('state.log', clock);
 * const server = await startServer({ port: 0, clock, ...state });
 */
export async function stateFileOptions(path: string, clock?: Clock): Promise<StateFileSetup> {
  const { restore, management, files, log, repaired } = await openStateLog(path);
  if (restore && clock && clock.kind === 'virtual' && 'advanceTo' in clock && clock.now() < restore.saved_at) {
    await (clock as { advanceTo(ms: number): Promise<void> }).advanceTo(restore.saved_at);
  }
  return {
    videoJobs: { ...(restore ? { restore } : {}), persistence: log },
    management: { ...(management ? { restore: management } : {}), persistence: log },
    files: { ...(files ? { restore: files } : {}), persistence: log },
    repaired,
    log,
  };
}
