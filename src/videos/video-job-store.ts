import { utf8ByteLength } from '../bytes/utf8-length.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { VideoJobRecord } from '../schemas/video-job-record.ts';
import { DEFAULT_VIDEO_JOB_BOUNDS, jobsToEvict, type VideoJobBounds } from './video-job-eviction.ts';

/** A listing page stops once its records pass this many bytes as JSON (at least one job per page). */
export const VIDEO_PAGE_BYTES = 4 * 1024 * 1024;

/** A record's size as JSON (UTF-8 bytes), what the bounds count. */
export const recordBytes = (job: VideoJobRecord) => utf8ByteLength(JSON.stringify(job));

/** One page of the control listing, oldest first or newest first. */
export interface VideoJobsPageQuery {
  limit: number;
  /** The id of the last job of the previous page. */
  after?: string;
  order: 'asc' | 'desc';
}

/** The kept jobs of one gateway, within their bounds (count and bytes as JSON). */
export interface VideoJobStore {
  /** By id, in submission order. */
  readonly jobs: Map<string, VideoJobRecord>;
  readonly bounds: VideoJobBounds;
  find(id: string): VideoJobRecord | undefined;
  all(): VideoJobRecord[];
  /** Add or replace a job, counting its size. */
  keep(job: VideoJobRecord): void;
  /** Change a kept job in place (its size counted again). */
  patch(id: string, fn: (job: VideoJobRecord) => void): VideoJobRecord | undefined;
  forget(id: string): void;
  /**
   * Claim room for a job of `size` bytes while its save is in flight: the jobs to forget for it
   * (oldest finished first), or a 503 when none can be. `release` gives the claim back.
   */
  claim(size: number, now: number): { evicted: string[]; release(): void };
  /** Jobs over the bounds (after the bounds were lowered), oldest finished first. */
  overBounds(now: number): string[];
  page(query: VideoJobsPageQuery): { jobs: VideoJobRecord[]; hasMore: boolean; total: number } | undefined;
  clear(): void;
}

function checkBounds(bounds: VideoJobBounds): void {
  if (!(Number.isInteger(bounds.maxJobs) && bounds.maxJobs >= 1)) throw new TypeError('videoJobs.bounds.maxJobs: must be a whole number >= 1');
  if (!(Number.isInteger(bounds.maxBytes) && bounds.maxBytes >= 1)) throw new TypeError('videoJobs.bounds.maxBytes: must be a whole number >= 1');
}

/**
 * The job store: a Map in submission order (lookups by id in constant time, however many jobs are
 * kept), each job's size as JSON and their total, and the room submissions in flight have claimed.
 */
export function createVideoJobStore(options: Partial<VideoJobBounds> = {}): VideoJobStore {
  const bounds: VideoJobBounds = { ...DEFAULT_VIDEO_JOB_BOUNDS, ...options };
  checkBounds(bounds);
  const jobs = new Map<string, VideoJobRecord>();
  const sizes = new Map<string, number>();
  const sizeOf = (id: string) => sizes.get(id) ?? 0;
  let totalBytes = 0;
  const reserved = { count: 0, bytes: 0 };
  const evicting = new Set<string>();

  const keep = (job: VideoJobRecord) => {
    const size = recordBytes(job);
    totalBytes += size - sizeOf(job.id);
    sizes.set(job.id, size);
    jobs.set(job.id, job);
  };
  const forget = (id: string) => {
    totalBytes -= sizeOf(id);
    sizes.delete(id);
    jobs.delete(id);
  };

  /** Jobs to forget so one more of `size` bytes fits; a 503 when the kept jobs cannot make room. */
  const makeRoom = (size: number, now: number): string[] => {
    // Jobs other submissions in flight are evicting are as good as gone; what they add is already here.
    let evictingBytes = 0;
    for (const id of evicting) evictingBytes += sizeOf(id);
    const used = { count: jobs.size - evicting.size + reserved.count + 1, bytes: totalBytes - evictingBytes + reserved.bytes + size };
    const ids = jobsToEvict(jobs.values(), sizeOf, used, bounds, now, evicting);
    if (ids) return ids;
    throw new GatewayError(
      503,
      `The video job store is full (${jobs.size} jobs, ${totalBytes} bytes; at most ${bounds.maxJobs} jobs and ${bounds.maxBytes} bytes) and no finished job can be forgotten to make room (pending jobs and webhooks still owed are kept): retry later`,
    );
  };

  return {
    jobs,
    bounds,
    find: (id) => jobs.get(id),
    all: () => [...jobs.values()],
    keep,
    patch(id, fn) {
      const job = jobs.get(id);
      if (job) {
        fn(job);
        keep(job);
      }
      return job;
    },
    forget,
    claim(size, now) {
      const evicted = makeRoom(size, now);
      for (const id of evicted) evicting.add(id);
      reserved.count++;
      reserved.bytes += size;
      return {
        evicted,
        release() {
          reserved.count--;
          reserved.bytes -= size;
          for (const id of evicted) evicting.delete(id);
        },
      };
    },
    overBounds: (now) => jobsToEvict(jobs.values(), sizeOf, { count: jobs.size, bytes: totalBytes }, bounds, now, evicting) ?? [],
    page: (query) => pageOf(query.order === 'desc' ? [...jobs.values()].reverse() : [...jobs.values()], query, sizeOf),
    clear() {
      jobs.clear();
      sizes.clear();
      totalBytes = 0;
    },
  };
}

/** One page of `list`: at most `limit` jobs, and no more than {@link VIDEO_PAGE_BYTES} after the first. */
function pageOf(list: VideoJobRecord[], { limit, after }: VideoJobsPageQuery, sizeOf: (id: string) => number) {
  let start = 0;
  if (after !== undefined) {
    const at = list.findIndex((job) => job.id === after);
    if (at < 0) return undefined;
    start = at + 1;
  }
  const page: VideoJobRecord[] = [];
  let bytes = 0;
  for (let i = start; i < list.length && page.length < limit; i++) {
    const job = list[i] as VideoJobRecord;
    bytes += sizeOf(job.id);
    if (page.length > 0 && bytes > VIDEO_PAGE_BYTES) break;
    page.push(job);
  }
  return { jobs: page, hasMore: start + page.length < list.length, total: list.length };
}
