import { isByokRequest } from '../management/byok-for-request.ts';
import type { ApiKey } from '../auth/api-key.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { hash53 } from '../random/hash.ts';
import { VideoJobRecordSchema, type VideoJobRecord } from '../schemas/video-job-record.ts';
import { isTerminalVideoStatus, type VideoJob } from '../schemas/videos.ts';
import { prepareVideoJob } from './prepare-video-job.ts';
import type { VideoJobBounds } from './video-job-eviction.ts';
import { videoJobStatus, videoJobView } from './video-job-state.ts';
import { createVideoJobStore, recordBytes, type VideoJobsPageQuery, type VideoJobStore } from './video-job-store.ts';
import { createWebhookDeliverer, type WebhookAttempt, type WebhookDeliverer } from './webhook-deliverer.ts';
import { resolveWebhookSettings, type VideoWebhookOptions, type WebhookSettings } from '../webhooks/webhook-settings.ts';

export { DEFAULT_WEBHOOK_SECRET, type VideoWebhookOptions } from '../webhooks/webhook-settings.ts';
export { WEBHOOK_RESPONSE_CAP } from '../webhooks/post-webhook.ts';
export { VIDEO_PAGE_BYTES, type VideoJobsPageQuery } from './video-job-store.ts';
export type { WebhookAttempt } from './webhook-deliverer.ts';

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

/** The submission counter and the hooks that hear of every change (onChange, the state file). */
interface Changes {
  seq: number;
  snapshot(): VideoJobsSnapshot;
  /** Tell the hooks; durable saves are returned so a caller that must wait for them can. */
  changed(change: VideoJobsChange): Promise<void>;
  /** A change nobody waits for (webhook progress, clock moves): a failed save is reported, not thrown. */
  inBackground(change: VideoJobsChange): void;
}

function createChanges(env: GatewayEnv, store: VideoJobStore, options: VideoJobsOptions): Changes {
  const persistence = options.persistence;
  persistence?.attach?.(store.jobs);
  const changes: Changes = {
    seq: 0,
    snapshot: () => ({ version: 1, saved_at: env.clock.now(), seq: changes.seq, jobs: clone(store.all()) }),
    changed(change) {
      if (options.onChange) {
        try {
          options.onChange(changes.snapshot());
        } catch (error) {
          env.reportError(error);
        }
      }
      return persistence ? persistence.save(change) : Promise.resolve();
    },
    inBackground: (change) => void changes.changed(change).catch((error) => env.reportError(error)),
  };
  return changes;
}

/** Load the jobs of a state file, forget those over bounds lowered since, and arm their webhooks. */
function restoreJobs(store: VideoJobStore, changes: Changes, restored: VideoJobsSnapshot, now: number): void {
  changes.seq = restored.seq;
  for (const record of restored.jobs) store.keep(VideoJobRecordSchema.parse(record));
  // The file follows at its next compaction; until then a restart forgets the same ones again.
  for (const id of store.overBounds(now)) store.forget(id);
}

/** Everything `createVideoJobs` builds its operations from. */
interface Parts {
  env: GatewayEnv;
  store: VideoJobStore;
  changes: Changes;
  deliverer: WebhookDeliverer;
  settings: WebhookSettings;
  ready: Promise<void>;
}

/** Accept a job: prepared, room made in the same saved record (oldest finished first), then kept. */
async function submitJob({ env, store, changes, deliverer, settings, ready }: Parts, input: Parameters<VideoJobs['submit']>[0]): Promise<VideoJobRecord> {
  await ready;
  const { body, sessionHeader, apiKey, admit } = input;
  const now = env.clock.now();
  const record = prepareVideoJob({
    body,
    sessionHeader,
    catalog: env.catalog,
    seed: env.seed,
    now,
    seq: changes.seq,
    isByok: (provider, model) => (apiKey ? isByokRequest(env.management, apiKey, provider, model) : false),
    findJob: (id) => jobFor(store, id, apiKey),
    takeProviderFault: (slug) => env.providerFaults.take(slug),
    webhooks: { defaultCallbackUrl: settings.defaultCallbackUrl, allowInsecureLocalhost: settings.allowInsecureLocalhost, self: env.baseUrl },
  });
  if (apiKey) record.owner = videoJobOwner(apiKey);
  admit?.(record);
  const claim = store.claim(recordBytes(record), now);
  // The counter moves now (ids stay unique while the save is in flight); a failed save leaves a gap.
  changes.seq += 1;
  try {
    await changes.changed({ kind: 'job', job: record, seq: changes.seq, at: now, ...(claim.evicted.length > 0 ? { forget: claim.evicted } : {}) });
  } catch (error) {
    // Not accepted: nothing is kept or forgotten, and the client learns it (spec 7 envelope, 503 + Retry-After).
    throw new GatewayError(503, `The video job could not be saved (${(error as Error).message}); it was not accepted: retry later`);
  } finally {
    claim.release();
  }
  for (const id of claim.evicted) {
    deliverer.cancel(id);
    store.forget(id);
  }
  store.keep(record);
  deliverer.schedule(record);
  return record;
}

/** Cancel a job that has not reached a terminal state (409 otherwise, 404 unknown). */
async function cancelJob({ env, store, changes, deliverer, ready }: Parts, id: string): Promise<VideoJob> {
  await ready;
  const job = store.find(id);
  if (!job) throw new GatewayError(404, `No video job ${id}`);
  const now = env.clock.now();
  const status = videoJobStatus(job, now);
  if (isTerminalVideoStatus(status)) throw new GatewayError(409, `Video job ${id} is already ${status}; terminal states never change`);
  const updated = { ...job, cancelled_at: now };
  try {
    await changes.changed({ kind: 'job', job: updated, seq: changes.seq, at: now });
  } catch (error) {
    throw new GatewayError(503, `The cancellation could not be saved (${(error as Error).message}); the job was not cancelled: retry later`);
  }
  store.keep(updated);
  deliverer.cancel(id);
  if (updated.webhook) deliverer.deliverNow(id);
  return videoJobView(updated, now, { basePath: env.basePath, baseUrl: env.baseUrl });
}

/** The job if `apiKey` may see it (its creator's key), else undefined. */
function jobFor(store: VideoJobStore, id: string, apiKey: ApiKey | undefined): VideoJobRecord | undefined {
  const job = store.find(id);
  if (!job || job.owner == null) return job;
  return apiKey && videoJobOwner(apiKey) === job.owner ? job : undefined;
}

/**
 * Create the video job service of a gateway. Job states are computed lazily from the clock
 * (`videoJobStatus`); a timer at each job's terminal time makes the transition observable
 * without a poll, so the webhook goes out on time (spec 6 "Video completion").
 */
export function createVideoJobs(env: GatewayEnv, options: VideoJobsOptions = {}): VideoJobs {
  const settings = resolveWebhookSettings(options.webhooks ?? {}, env.baseUrl);
  const store = createVideoJobStore(options.bounds);
  const changes = createChanges(env, store, options);
  let ready: Promise<void> = Promise.resolve();
  const deliverer = createWebhookDeliverer({
    env,
    store,
    settings,
    whenReady: () => ready,
    saved: (job) => changes.changed({ kind: 'job', job, seq: changes.seq, at: env.clock.now() }),
  });
  const restored = options.restore;
  ready = (async () => {
    if (restored) restoreJobs(store, changes, restored, env.clock.now());
    for (const record of store.jobs.values()) deliverer.schedule(record);
  })();
  const parts: Parts = { env, store, changes, deliverer, settings, ready };

  env.onReset(() => {
    deliverer.reset();
    store.clear();
    changes.seq = 0;
    changes.inBackground({ kind: 'reset', seq: changes.seq, at: env.clock.now() });
  });

  return {
    ready,
    submit: (input) => submitJob(parts, input),
    get: store.find,
    getFor: (id, apiKey) => jobFor(store, id, apiKey),
    view: (job) => videoJobView(job, env.clock.now(), { basePath: env.basePath, baseUrl: env.baseUrl }),
    cancel: (id) => cancelJob(parts, id),
    list: store.all,
    page: store.page,
    snapshot: changes.snapshot,
    clockMoved: () => changes.inBackground({ kind: 'clock', seq: changes.seq, at: env.clock.now() }),
    webhookAttempts: deliverer.attempts,
    webhooksIdle: deliverer.idle,
  };
}
