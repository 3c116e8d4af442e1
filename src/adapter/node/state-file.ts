import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../../clock/clock.ts';
import type { GatewayOptions } from '../../gateway/create-gateway.ts';
import type { VideoJobsSnapshot } from '../../videos/video-jobs.ts';

/** The state file's content: one JSON document, versioned. */
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
 * The state saved in `path`, or undefined when the file does not exist yet. Throws on a corrupt file.
 *
 * @example
 * const saved = readStateFile('gatewaykit-state.json');
 */
export function readStateFile(path: string): GatewayStateFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<GatewayStateFile>;
  if (parsed?.version !== 1 || typeof parsed.videos !== 'object' || !Array.isArray(parsed.videos?.jobs)) {
    throw new Error(`${path} is not a gatewaykit state file (version 1)`);
  }
  return parsed as GatewayStateFile;
}

/**
 * Gateway options that keep video jobs in a state file (`gatewaykit serve --state-file FILE`):
 * the jobs saved there are restored (with their timelines and pending webhooks), and the file is
 * rewritten atomically after every accepted submission and state change, so a restart loses no
 * accepted job. A virtual clock is moved forward to the saved time so time never runs backwards.
 *
 * @example
 * const clock = virtualClock();
 * const server = await startServer({ port: 0, clock, ...(await stateFileOptions('state.json', clock)) });
 */
export async function stateFileOptions(path: string, clock?: Clock): Promise<Pick<GatewayOptions, 'videoJobs'>> {
  const saved = readStateFile(path);
  if (saved && clock && clock.kind === 'virtual' && 'advanceTo' in clock && clock.now() < saved.videos.saved_at) {
    await (clock as { advanceTo(ms: number): Promise<void> }).advanceTo(saved.videos.saved_at);
  }
  return {
    videoJobs: {
      restore: saved?.videos,
      onChange: (videos) => writeFileAtomic(path, JSON.stringify({ version: 1, videos } satisfies GatewayStateFile)),
    },
  };
}
