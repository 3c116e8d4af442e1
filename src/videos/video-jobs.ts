import type { ApiKey } from '../auth/api-key.ts';
import type { TimerHandle } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { utf8ByteLength } from '../bytes/utf8-length.ts';
import { hash53 } from '../random/hash.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { WEBHOOK_USER_AGENT } from '../schemas/control-api.ts';
import { VideoJobRecordSchema, type VideoJobRecord } from '../schemas/video-job-record.ts';
import { isTerminalVideoStatus, type VideoJob } from '../schemas/videos.ts';
import { callbackUrlProblem } from './callback-url.ts';
import { DEFAULT_VIDEO_JOB_BOUNDS, jobsToEvict, type VideoJobBounds } from './video-job-eviction.ts';
import { prepareVideoJob } from './prepare-video-job.ts';
import { videoJobStatus, videoJobTerminalAt, videoJobView, videoWebhookPayload } from './video-job-state.ts';
import { signWebhook } from './webhook-signature.ts';

/** Webhook settings of a gateway (`createGateway({ webhooks })`, `gatewaykit serve --webhook-*`). */
export interface VideoWebhookOptions {
  /** The workspace signing secret of `X-Gateway-Signature`. Default `whsec_gatewaykit_test`. */
  secret?: string;
  /** Receives webhooks of jobs submitted without `callback_url` (the workspace default). */
  defaultCallbackUrl?: string;
  /** Allow plain-http receivers on localhost / 127.0.0.1 / [::1] (tests, local development). */
  allowInsecureLocalhost?: boolean;
  /** Delivery attempts per terminal state before giving up. Default 8. */
  maxAttempts?: number;
  /** Delay before the first retry; doubles on each further failure (clock ms). Default 5000. */
  initialBackoffMs?: number;
  /** Time limit of one delivery request (real ms: it is network I/O). Default 10 000. */
  timeoutMs?: number;
  /** The fetch used to deliver. Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Deliveries in flight at once; the rest wait their turn. Default 16. */
  maxConcurrent?: number;
}

/** How much of a receiver's answer is read (then the body is cancelled): enough for an error line. */
export const WEBHOOK_RESPONSE_CAP = 4096;

export const DEFAULT_WEBHOOK_SECRET = 'whsec_gatewaykit_test';

/** A listing page stops once its records pass this many bytes as JSON (at least one job per page). */
export const VIDEO_PAGE_BYTES = 4 * 1024 * 1024;

/** A webhook error kept with its job is cut to this many characters (it is saved with the job). */
const MAX_WEBHOOK_ERROR_CHARS = 500;

/** A record's size as JSON (UTF-8 bytes), what the bounds count. */
const recordBytes = (job: VideoJobRecord) => utf8ByteLength(JSON.stringify(job));

/** What a state file holds: every accepted job with its timeline and webhook progress. */
export interface VideoJobsSnapshot {
  version: 1;
  /** Clock reading when saved (a virtual clock is moved forward to it on restore). */
  saved_at: number;
  /** Submission counter, so ids stay unique after a restart. */
  seq: number;
  jobs: VideoJobRecord[];
}

/** One change to the jobs, as a persistence layer receives it (in order). */
export type VideoJobsChange =
  /**
   * A job was accepted or changed (cancelled, webhook progress): its whole record. `seq` is the
   * submission counter after it. `forget`: jobs evicted to make room for it, in the same record.
   */
  | { kind: 'job'; job: VideoJobRecord; seq: number; at: number; forget?: readonly string[] }
  /** The clock moved (job states are a function of it). */
  | { kind: 'clock'; seq: number; at: number }
  /** Control reset: every job forgotten. */
  | { kind: 'reset'; seq: number; at: number };

/**
 * Where video jobs are kept beyond the process (the state file of `gatewaykit serve --state-file`).
 * The core knows only this interface; the node adapter implements it with a file.
 */
export interface VideoJobsPersistence {
  /** Make one change durable. Resolves once it is (written and synced); rejects when it cannot be. */
  save(change: VideoJobsChange): Promise<void>;
  /** Given the live jobs once (by id, in submission order), so the store can compact itself from them. */
  attach?(live: ReadonlyMap<string, VideoJobRecord>): void;
  /** Finish pending saves and release the store (a file's handle). `startServer`'s `close()` calls it. */
  close?(): Promise<void>;
}

export interface VideoJobsOptions {
  webhooks?: VideoWebhookOptions;
  /** Jobs to start with (from a state file). */
  restore?: VideoJobsSnapshot;
  /**
   * Called after every accepted submission and every state change worth keeping, with the whole
   * state (O(jobs) per change: for small stores; a state file uses `persistence`).
   */
  onChange?: (snapshot: VideoJobsSnapshot) => void;
  /** Durable storage: a submission is answered 202 only once `save` resolved (503 if it rejects). */
  persistence?: VideoJobsPersistence;
  /**
   * Jobs kept at most, and their bytes as JSON together (default 10,000 and 64 MiB). Past either,
   * the oldest finished jobs that owe no webhook are forgotten; a submission that cannot make room
   * that way gets 503 (docs/videos.md).
   */
  bounds?: Partial<VideoJobBounds>;
}

/** One page of the control listing, oldest first or newest first. */
export interface VideoJobsPageQuery {
  limit: number;
  /** The id of the last job of the previous page. */
  after?: string;
  order: 'asc' | 'desc';
}

/** One webhook delivery attempt, as observed by the gateway. */
export interface WebhookAttempt {
  job_id: string;
  status: string;
  attempt: number;
  at: number;
  ok: boolean;
  error: string | null;
}

/** The video jobs of one gateway: store, lifecycle timers and webhook delivery. */
export interface VideoJobs {
  /** Resolves once restored jobs are loaded. */
  readonly ready: Promise<void>;
  /**
   * Accept a job. `admit` sees the prepared job before it is saved (and before anything awaits):
   * a paid submit holds its cost there, so concurrent submits cannot all pass one credit check.
   */
  submit(input: { body: unknown; sessionHeader: string | null; apiKey: ApiKey | undefined; admit?: (job: VideoJobRecord) => void }): Promise<VideoJobRecord>;
  get(id: string): VideoJobRecord | undefined;
  /** The job if `apiKey` may see it (its creator's key), else undefined (answered 404). */
  getFor(id: string, apiKey: ApiKey | undefined): VideoJobRecord | undefined;
  /** The public view of a job at the current clock reading. */
  view(job: VideoJobRecord): VideoJob;
  /** Cancel a job that has not reached a terminal state (409 otherwise, 404 unknown). */
  cancel(id: string): Promise<VideoJob>;
  list(): VideoJobRecord[];
  /**
   * One page of jobs: at most `limit`, and no more than {@link VIDEO_PAGE_BYTES} of records after
   * the first. Undefined when `after` names no kept job.
   */
  page(query: VideoJobsPageQuery): { jobs: VideoJobRecord[]; hasMore: boolean; total: number } | undefined;
  snapshot(): VideoJobsSnapshot;
  /**
   * Tell the persistence hook that time moved (a virtual clock was advanced): job states are a
   * function of the clock, so the saved clock reading must move with it, or a restart would show
   * a finished job as pending again.
   */
  clockMoved(): void;
  /** Webhook attempts so far, oldest first (bounded to the last 1000). */
  webhookAttempts(): WebhookAttempt[];
  /** Resolves when no webhook delivery is in flight (tests await it instead of sleeping). */
  webhooksIdle(): Promise<void>;
}

/** The owner id of jobs created with `apiKey`: a hash, so a state file never holds a key. */
export function videoJobOwner(apiKey: ApiKey): string {
  return `key_${hash53(apiKey.key, 0x6f776e).toString(16)}`;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Read at most {@link WEBHOOK_RESPONSE_CAP} bytes of a receiver's answer, then cancel the rest. */
async function discardBody(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    while (read < WEBHOOK_RESPONSE_CAP) {
      const step = await reader.read();
      if (step.done) return;
      read += step.value.byteLength;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => undefined);
}

/**
 * Create the video job service of a gateway. Job states are computed lazily from the clock
 * (`videoJobStatus`); a timer at each job's terminal time makes the transition observable
 * without a poll, so the webhook goes out on time (spec 6 "Video completion").
 */
export function createVideoJobs(env: GatewayEnv, options: VideoJobsOptions = {}): VideoJobs {
  const hooks = options.webhooks ?? {};
  const secret = hooks.secret ?? DEFAULT_WEBHOOK_SECRET;
  const allowInsecureLocalhost = hooks.allowInsecureLocalhost ?? false;
  const maxAttempts = hooks.maxAttempts ?? 8;
  const initialBackoffMs = hooks.initialBackoffMs ?? 5_000;
  const timeoutMs = hooks.timeoutMs ?? 10_000;
  const maxConcurrent = hooks.maxConcurrent ?? 16;
  if (!(Number.isInteger(maxConcurrent) && maxConcurrent >= 1)) throw new TypeError('webhooks.maxConcurrent: must be a whole number >= 1');
  // A counting semaphore: a receiver that never answers holds at most maxConcurrent sockets (F9).
  let active = 0;
  const waiting: Array<() => void> = [];
  const acquire = (): Promise<void> => {
    if (active < maxConcurrent) {
      active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  if (hooks.defaultCallbackUrl !== undefined) {
    const problem = callbackUrlProblem(hooks.defaultCallbackUrl, allowInsecureLocalhost, env.baseUrl);
    if (problem) throw new TypeError(`webhooks.defaultCallbackUrl: ${problem}`);
  }
  if (!(maxAttempts >= 1)) throw new TypeError('webhooks.maxAttempts: must be >= 1');

  // A Map in submission order: lookups by id in constant time, however many jobs are kept.
  const jobs = new Map<string, VideoJobRecord>();
  const bounds: VideoJobBounds = { ...DEFAULT_VIDEO_JOB_BOUNDS, ...options.bounds };
  if (!(Number.isInteger(bounds.maxJobs) && bounds.maxJobs >= 1)) throw new TypeError('videoJobs.bounds.maxJobs: must be a whole number >= 1');
  if (!(Number.isInteger(bounds.maxBytes) && bounds.maxBytes >= 1)) throw new TypeError('videoJobs.bounds.maxBytes: must be a whole number >= 1');
  // Each kept job's size as JSON, their total, and what submissions in flight have claimed.
  const sizes = new Map<string, number>();
  let totalBytes = 0;
  const reserved = { count: 0, bytes: 0 };
  const evicting = new Set<string>();
  const keep = (job: VideoJobRecord) => {
    const size = recordBytes(job);
    totalBytes += size - (sizes.get(job.id) ?? 0);
    sizes.set(job.id, size);
    jobs.set(job.id, job);
  };
  const timers = new Map<string, TimerHandle>();
  const inFlight = new Set<Promise<void>>();
  const attempts: WebhookAttempt[] = [];
  let seq = 0;

  const find = (id: string) => jobs.get(id);
  const all = () => [...jobs.values()];
  const snapshot = (): VideoJobsSnapshot => ({ version: 1, saved_at: env.clock.now(), seq, jobs: clone(all()) });
  const persistence = options.persistence;
  persistence?.attach?.(jobs);
  /** Tell the hooks; durable saves are returned so a caller that must wait for them can. */
  const changed = (change: VideoJobsChange): Promise<void> => {
    if (options.onChange) {
      try {
        options.onChange(snapshot());
      } catch (error) {
        env.reportError(error);
      }
    }
    return persistence ? persistence.save(change) : Promise.resolve();
  };
  /** A change nobody waits for (webhook progress, clock moves): a failed save is reported, not thrown. */
  const changedInBackground = (change: VideoJobsChange) => void changed(change).catch((error) => env.reportError(error));

  function getFor(id: string, apiKey: ApiKey | undefined): VideoJobRecord | undefined {
    const job = find(id);
    if (!job || job.owner == null) return job;
    return apiKey && videoJobOwner(apiKey) === job.owner ? job : undefined;
  }

  function patch(id: string, fn: (job: VideoJobRecord) => void): VideoJobRecord | undefined {
    const job = jobs.get(id);
    if (job) {
      fn(job);
      keep(job);
    }
    return job;
  }

  function forget(id: string): void {
    timers.get(id)?.cancel();
    timers.delete(id);
    totalBytes -= sizes.get(id) ?? 0;
    sizes.delete(id);
    jobs.delete(id);
  }

  /** Jobs to forget so one more of `size` bytes fits; a 503 when the kept jobs cannot make room. */
  function makeRoom(size: number, now: number): string[] {
    // Jobs other submissions in flight are evicting are as good as gone; what they add is already here.
    let evictingBytes = 0;
    for (const id of evicting) evictingBytes += sizes.get(id) ?? 0;
    const used = { count: jobs.size - evicting.size + reserved.count + 1, bytes: totalBytes - evictingBytes + reserved.bytes + size };
    const ids = jobsToEvict(jobs.values(), (id) => sizes.get(id) ?? 0, used, bounds, now, evicting);
    if (ids) return ids;
    throw new GatewayError(
      503,
      `The video job store is full (${jobs.size} jobs, ${totalBytes} bytes; at most ${bounds.maxJobs} jobs and ${bounds.maxBytes} bytes) and no finished job can be forgotten to make room (pending jobs and webhooks still owed are kept): retry later`,
    );
  }

  function schedule(job: VideoJobRecord): void {
    const w = job.webhook;
    if (!w || w.gave_up || w.delivered !== null) return;
    timers.get(job.id)?.cancel();
    const at = Math.max(videoJobTerminalAt(job), w.next_attempt_at ?? 0);
    timers.set(
      job.id,
      env.clock.setTimer(Math.max(0, at - env.clock.now()), () => {
        timers.delete(job.id);
        track(deliver(job.id));
      }),
    );
  }

  function track(p: Promise<void>): void {
    const guarded = p.catch((error) => env.reportError(error));
    inFlight.add(guarded);
    void guarded.finally(() => inFlight.delete(guarded));
  }

  async function deliver(id: string): Promise<void> {
    await ready;
    const job = find(id);
    const w = job?.webhook;
    if (!job || !w || w.gave_up) return;
    const now = env.clock.now();
    const status = videoJobStatus(job, now);
    if (!isTerminalVideoStatus(status)) return schedule(job);
    if (w.delivered === status) return;
    // Same body on every attempt (created_at is the transition time): receivers dedupe on the key.
    const body = JSON.stringify(videoWebhookPayload(job, status, env.baseUrl));
    const signature = await signWebhook({ payload: body, secret, timestamp: now / 1000 });
    let error: string | null = null;
    // The HTTPS/localhost rule holds for every attempt, not only at submission (a restored job,
    // or a server restarted without the localhost opt-in).
    const refused = callbackUrlProblem(w.url, allowInsecureLocalhost, env.baseUrl);
    if (refused) error = `callback_url ${refused}`;
    else {
      await acquire();
      try {
        const response = await (hooks.fetch ?? globalThis.fetch)(w.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': WEBHOOK_USER_AGENT,
            'X-Gateway-Idempotency-Key': `${job.id}-${status}`,
            'X-Gateway-Signature': signature,
          },
          body,
          // A redirect would send the signed payload to an address nobody checked: a 3xx is a failed delivery (F8).
          redirect: 'manual',
          signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(timeoutMs) : undefined,
        });
        // Read at most a few KiB of the answer, then drop the rest (F9: a streaming receiver grew RSS to 2.8 GB).
        await discardBody(response);
        if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
          error = `receiver answered HTTP ${response.status || 'redirect'}: redirects are not followed`;
        } else if (!response.ok) error = `receiver answered HTTP ${response.status}`;
      } catch (e) {
        error = `delivery failed: ${(e as Error).message}`;
      } finally {
        release();
      }
    }
    if (error !== null && error.length > MAX_WEBHOOK_ERROR_CHARS) error = `${error.slice(0, MAX_WEBHOOK_ERROR_CHARS)}…`;
    const attempt = w.attempts + 1;
    const at = env.clock.now();
    attempts.push({ job_id: id, status, attempt, at, ok: error === null, error });
    if (attempts.length > 1000) attempts.shift();
    if (!find(id)) return; // reset while in flight
    patch(id, (draft) => {
      const d = draft.webhook!;
      d.attempts = attempt;
      d.last_error = error;
      if (error === null) {
        d.delivered = status;
        d.next_attempt_at = null;
      } else if (attempt >= maxAttempts) {
        d.gave_up = true;
        d.next_attempt_at = null;
      } else {
        // Exponential backoff on the gateway clock: at-least-once delivery.
        d.next_attempt_at = at + initialBackoffMs * 2 ** (attempt - 1);
      }
    });
    const updated = find(id);
    // Awaited (a failure reported, not thrown), so webhooksIdle() also waits for the save.
    if (updated) await changed({ kind: 'job', job: updated, seq, at: env.clock.now() }).catch((e) => env.reportError(e));
    if (updated && error !== null) schedule(updated);
  }

  const ready = (async () => {
    const restored = options.restore;
    if (!restored) return;
    seq = restored.seq;
    const records = restored.jobs.map((record) => VideoJobRecordSchema.parse(record));
    for (const record of records) keep(record);
    // Bounds lowered since the file was written: forget the oldest finished jobs now (the file
    // follows at its next compaction; until then a restart forgets the same ones again).
    const over = jobsToEvict(jobs.values(), (id) => sizes.get(id) ?? 0, { count: jobs.size, bytes: totalBytes }, bounds, env.clock.now(), evicting) ?? [];
    for (const id of over) forget(id);
    for (const record of jobs.values()) schedule(record);
  })();

  env.onReset(() => {
    for (const t of timers.values()) t.cancel();
    timers.clear();
    jobs.clear();
    sizes.clear();
    totalBytes = 0;
    attempts.length = 0;
    seq = 0;
    changedInBackground({ kind: 'reset', seq, at: env.clock.now() });
  });

  return {
    ready,
    async submit({ body, sessionHeader, apiKey, admit }) {
      await ready;
      const now = env.clock.now();
      const record = prepareVideoJob({
        body,
        sessionHeader,
        catalog: env.catalog,
        seed: env.seed,
        now,
        seq,
        isByok: apiKey?.byok ?? false,
        findJob: (id) => getFor(id, apiKey),
        takeProviderFault: (slug) => env.providerFaults.take(slug),
        webhooks: { defaultCallbackUrl: hooks.defaultCallbackUrl, allowInsecureLocalhost, self: env.baseUrl },
      });
      if (apiKey) record.owner = videoJobOwner(apiKey);
      admit?.(record);
      // Room is made in the same saved record as the job: oldest finished jobs first (docs/videos.md).
      const size = recordBytes(record);
      const evicted = makeRoom(size, now);
      for (const id of evicted) evicting.add(id);
      reserved.count++;
      reserved.bytes += size;
      // The counter moves now (ids stay unique while the save is in flight); a failed save leaves a gap.
      seq += 1;
      try {
        await changed({ kind: 'job', job: record, seq, at: now, ...(evicted.length > 0 ? { forget: evicted } : {}) });
      } catch (error) {
        // Not accepted: nothing is kept or forgotten, and the client learns it (spec 7 envelope, 503 + Retry-After).
        throw new GatewayError(503, `The video job could not be saved (${(error as Error).message}); it was not accepted: retry later`);
      } finally {
        reserved.count--;
        reserved.bytes -= size;
        for (const id of evicted) evicting.delete(id);
      }
      for (const id of evicted) forget(id);
      keep(record);
      schedule(record);
      return record;
    },
    get: find,
    getFor,
    view: (job) => videoJobView(job, env.clock.now(), { basePath: env.basePath, baseUrl: env.baseUrl }),
    async cancel(id) {
      await ready;
      const job = find(id);
      if (!job) throw new GatewayError(404, `No video job ${id}`);
      const now = env.clock.now();
      const status = videoJobStatus(job, now);
      if (isTerminalVideoStatus(status)) throw new GatewayError(409, `Video job ${id} is already ${status}; terminal states never change`);
      const updated = { ...job, cancelled_at: now };
      try {
        await changed({ kind: 'job', job: updated, seq, at: now });
      } catch (error) {
        throw new GatewayError(503, `The cancellation could not be saved (${(error as Error).message}); the job was not cancelled: retry later`);
      }
      keep(updated);
      timers.get(id)?.cancel();
      timers.delete(id);
      if (updated.webhook) track(deliver(id));
      return videoJobView(updated, now, { basePath: env.basePath, baseUrl: env.baseUrl });
    },
    list: all,
    page({ limit, after, order }) {
      const list = order === 'desc' ? all().reverse() : all();
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
        bytes += sizes.get(job.id) ?? 0;
        if (page.length > 0 && bytes > VIDEO_PAGE_BYTES) break;
        page.push(job);
      }
      return { jobs: page, hasMore: start + page.length < list.length, total: list.length };
    },
    snapshot,
    clockMoved: () => changedInBackground({ kind: 'clock', seq, at: env.clock.now() }),
    webhookAttempts: () => attempts.map((a) => ({ ...a })),
    async webhooksIdle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
