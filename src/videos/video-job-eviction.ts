import type { VideoJobRecord } from '../schemas/video-job-record.ts';
import { isTerminalVideoStatus } from '../schemas/videos.ts';
import { videoJobStatus } from './video-job-state.ts';

/** How many jobs a gateway keeps, and how many bytes (as JSON) they may take together. */
export interface VideoJobBounds {
  maxJobs: number;
  maxBytes: number;
}

/** 10,000 jobs and 64 MiB of records (why these numbers: docs/decisions/0034). */
export const DEFAULT_VIDEO_JOB_BOUNDS: VideoJobBounds = { maxJobs: 10_000, maxBytes: 64 * 1024 * 1024 };

/**
 * Whether a job may be forgotten: it reached a terminal state (which never changes) and owes no
 * webhook (none asked for, delivered, or given up). A pending job or a webhook still being retried
 * is never evicted.
 */
export function isEvictable(job: VideoJobRecord, now: number): boolean {
  if (!isTerminalVideoStatus(videoJobStatus(job, now))) return false;
  const w = job.webhook;
  return w === null || w.gave_up || w.delivered !== null;
}

/**
 * The jobs to forget so that `count` more jobs of `bytes` more bytes fit the bounds: the oldest
 * evictable ones in submission order (`jobs` iterates oldest first), skipping `taken` (already
 * chosen by a submission in flight). Undefined when not enough of them are evictable.
 *
 * @example
 * const forget = jobsToEvict(jobs.values(), sizes, { count: 10_000, bytes: 50_000_000 }, { jobs: 1, bytes: 900 }, now, new Set());
 */
export function jobsToEvict(
  jobs: Iterable<VideoJobRecord>,
  sizeOf: (id: string) => number,
  used: { count: number; bytes: number },
  bounds: VideoJobBounds,
  now: number,
  taken: ReadonlySet<string>,
): string[] | undefined {
  let count = used.count;
  let bytes = used.bytes;
  const forget: string[] = [];
  for (const job of jobs) {
    if (count <= bounds.maxJobs && bytes <= bounds.maxBytes) break;
    if (taken.has(job.id) || !isEvictable(job, now)) continue;
    forget.push(job.id);
    count--;
    bytes -= sizeOf(job.id);
  }
  return count <= bounds.maxJobs && bytes <= bounds.maxBytes ? forget : undefined;
}
