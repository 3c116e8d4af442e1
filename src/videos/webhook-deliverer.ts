import type { TimerHandle } from '../clock/clock.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { VideoJobRecord } from '../schemas/video-job-record.ts';
import { isTerminalVideoStatus } from '../schemas/videos.ts';
import { callbackUrlProblem } from '../webhooks/callback-url.ts';
import { clipWebhookError, postWebhook } from '../webhooks/post-webhook.ts';
import { createSemaphore } from '../webhooks/semaphore.ts';
import type { VideoJobStore } from './video-job-store.ts';
import { videoJobStatus, videoJobTerminalAt, videoWebhookPayload } from './video-job-state.ts';
import type { WebhookSettings } from '../webhooks/webhook-settings.ts';
import { signWebhook } from '../webhooks/webhook-signature.ts';

/** One webhook delivery attempt, as observed by the gateway. */
export interface WebhookAttempt {
  job_id: string;
  status: string;
  attempt: number;
  at: number;
  ok: boolean;
  error: string | null;
}

/** Attempts kept for `webhookAttempts()`: the last ones only. */
const ATTEMPTS_KEPT = 1000;

/** The webhook deliveries of a gateway's video jobs: a timer per job owed one, attempts, retries. */
export interface WebhookDeliverer {
  /** (Re)arm the job's timer: at its terminal time, or at its next retry. */
  schedule(job: VideoJobRecord): void;
  /** Deliver now (a cancellation makes the job terminal at once). */
  deliverNow(id: string): void;
  /** Disarm a job's timer (the job is forgotten or cancelled). */
  cancel(id: string): void;
  attempts(): WebhookAttempt[];
  /** Resolves when no delivery is in flight. */
  idle(): Promise<void>;
  reset(): void;
}

export interface WebhookDelivererParts {
  env: GatewayEnv;
  store: VideoJobStore;
  settings: WebhookSettings;
  /** Resolves once restored jobs are loaded: nothing is delivered before. */
  whenReady(): Promise<void>;
  /** Saves a changed job (awaited, so `idle()` also waits for the save). */
  saved(job: VideoJobRecord): Promise<void>;
}

/**
 * The webhook's state after an attempt: delivered, given up after the last attempt, or due again
 * after an exponential backoff on the gateway clock (at-least-once delivery).
 */
function afterAttempt(webhook: NonNullable<VideoJobRecord['webhook']>, outcome: WebhookAttempt, settings: WebhookSettings): void {
  webhook.attempts = outcome.attempt;
  webhook.last_error = outcome.error;
  if (outcome.error === null) {
    webhook.delivered = outcome.status as typeof webhook.delivered;
    webhook.next_attempt_at = null;
  } else if (outcome.attempt >= settings.maxAttempts) {
    webhook.gave_up = true;
    webhook.next_attempt_at = null;
  } else {
    webhook.next_attempt_at = outcome.at + settings.initialBackoffMs * 2 ** (outcome.attempt - 1);
  }
}

/**
 * Delivers each terminal state of a job with a callback URL, signed, within bounds: a semaphore
 * caps deliveries in flight, an attempt reads only a few KiB of the answer, redirects are
 * refused, and the HTTPS/localhost rule holds for every attempt (spec 6 "Video completion").
 */
export function createWebhookDeliverer({ env, store, settings, whenReady, saved }: WebhookDelivererParts): WebhookDeliverer {
  const slots = createSemaphore(settings.maxConcurrent);
  const timers = new Map<string, TimerHandle>();
  const inFlight = new Set<Promise<void>>();
  const attempts: WebhookAttempt[] = [];

  const cancel = (id: string) => {
    timers.get(id)?.cancel();
    timers.delete(id);
  };
  const track = (p: Promise<void>) => {
    const guarded = p.catch((error) => env.reportError(error));
    inFlight.add(guarded);
    void guarded.finally(() => inFlight.delete(guarded));
  };
  const schedule = (job: VideoJobRecord) => {
    const w = job.webhook;
    if (!w || w.gave_up || w.delivered !== null) return;
    cancel(job.id);
    const at = Math.max(videoJobTerminalAt(job), w.next_attempt_at ?? 0);
    timers.set(
      job.id,
      env.clock.setTimer(Math.max(0, at - env.clock.now()), () => {
        timers.delete(job.id);
        track(deliver(job.id));
      }),
    );
  };

  /** One attempt: the refusal of an address the rule forbids, or the receiver's answer. */
  async function attempt(job: VideoJobRecord, status: string, now: number): Promise<string | null> {
    const w = job.webhook!;
    const refused = callbackUrlProblem(w.url, settings.allowInsecureLocalhost, env.baseUrl);
    if (refused) return clipWebhookError(`callback_url ${refused}`);
    // Same body on every attempt (created_at is the transition time): receivers dedupe on the key.
    const body = JSON.stringify(videoWebhookPayload(job, status as Parameters<typeof videoWebhookPayload>[1], env.baseUrl));
    const signature = await signWebhook({ payload: body, secret: settings.secret, timestamp: now / 1000 });
    return postWebhook({ url: w.url, body, signature, idempotencyKey: `${job.id}-${status}`, timeoutMs: settings.timeoutMs, fetch: settings.fetch }, slots);
  }

  async function deliver(id: string): Promise<void> {
    await whenReady();
    const job = store.find(id);
    const w = job?.webhook;
    if (!job || !w || w.gave_up) return;
    const status = videoJobStatus(job, env.clock.now());
    if (!isTerminalVideoStatus(status)) return schedule(job);
    if (w.delivered === status) return;
    const error = await attempt(job, status, env.clock.now());
    const outcome: WebhookAttempt = { job_id: id, status, attempt: w.attempts + 1, at: env.clock.now(), ok: error === null, error };
    attempts.push(outcome);
    if (attempts.length > ATTEMPTS_KEPT) attempts.shift();
    const updated = store.patch(id, (draft) => afterAttempt(draft.webhook!, outcome, settings));
    if (!updated) return; // reset while in flight
    await saved(updated).catch((e) => env.reportError(e));
    if (error !== null) schedule(updated);
  }

  return {
    schedule,
    deliverNow: (id) => track(deliver(id)),
    cancel,
    attempts: () => attempts.map((a) => ({ ...a })),
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    reset() {
      for (const t of timers.values()) t.cancel();
      timers.clear();
      attempts.length = 0;
    },
  };
}
