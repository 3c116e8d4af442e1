import type { GenerationRecord } from '../account/generation-record.ts';
import type { Clock, TimerHandle } from '../clock/clock.ts';
import { deliveryUrl, DELIVERED_TYPES } from '../management/destination-config.ts';
import type { DeliveryAttempt } from '../management/destination-deliveries.ts';
import type { DestinationRecord } from '../management/destination-record.ts';
import type { DestinationStore } from '../management/destination-store.ts';
import { isoSeconds } from '../management/key-entry.ts';
import { hash53 } from '../random/hash.ts';
import { callbackUrlProblem } from '../webhooks/callback-url.ts';
import { clipWebhookError, postWebhook } from '../webhooks/post-webhook.ts';
import { createSemaphore } from '../webhooks/semaphore.ts';
import type { WebhookSettings } from '../webhooks/webhook-settings.ts';
import { signWebhook } from '../webhooks/webhook-signature.ts';
import { generationTrace, type TraceCaller } from './generation-trace.ts';
import { passesFilterRules } from './filter-rules.ts';

/** Deliveries owed at once (in flight or waiting for a retry) at most: past it a generation's delivery fails at once, visibly. */
export const MAX_OWED_DELIVERIES = 10_000;

/** Who paid for a generation, as the broadcast needs to know: the workspace, the key's name and hash. */
export interface BroadcastCaller {
  readonly workspaceId: string;
  readonly keyName: string | null;
  /** The key's hash (SHA-256 of its secret): `api_key_hashes` filters on it, identity attributes name it. */
  hash(): Promise<string>;
}

export interface DestinationDelivererParts {
  readonly clock: Clock;
  readonly destinations: DestinationStore;
  readonly settings: WebhookSettings;
  /** The gateway's base URL: a delivery never goes to the gateway itself. */
  readonly baseUrl: string;
  readonly seed: number;
  caller(apiKey: string): BroadcastCaller;
  reportError(error: unknown): void;
}

/** Delivers each paid generation to the enabled destinations of its key's workspace. */
export interface DestinationDeliverer {
  /** Hand a recorded generation over; returns at once (nothing is awaited on the answer's path). */
  broadcast(record: GenerationRecord): void;
  /** Control reset: retries waiting on the clock are dropped. */
  reset(): void;
}

/** Whether a generation is in a destination's sample (reference `sampling_rate`), the same way for the same seed and ids. */
function sampled(seed: number, generationId: string, d: DestinationRecord): boolean {
  return d.sampling_rate >= 1 || hash53(`sample:${generationId}:${d.id}`, seed) / 2 ** 53 < d.sampling_rate;
}

/**
 * @example
 * const deliverer = createDestinationDeliverer({ clock, destinations, settings, baseUrl, seed: 0, caller, reportError });
 * deliverer.broadcast(record); // signed OTLP/JSON POSTs to the workspace's webhook destinations
 */
export function createDestinationDeliverer(parts: DestinationDelivererParts): DestinationDeliverer {
  const { clock, destinations, settings } = parts;
  const ledger = destinations.deliveries;
  const slots = createSemaphore(settings.maxConcurrent);
  const timers = new Set<TimerHandle>();
  let owed = 0;
  let epoch = 0;
  const outcome = (destinationId: string, generationId: string, attempt: number, error: string | null, gaveUp: boolean): DeliveryAttempt => ({
    destination_id: destinationId,
    generation_id: generationId,
    attempt,
    at: isoSeconds(clock.now()),
    ok: error === null,
    error,
    gave_up: gaveUp,
  });

  /** One attempt: the refusal of an address the rule forbids, or the receiver's answer (null: taken). */
  async function attempt(d: DestinationRecord, body: string, idempotencyKey: string): Promise<string | null> {
    const url = deliveryUrl(d.type, d.config) ?? '';
    const refused = callbackUrlProblem(url, settings.allowInsecureLocalhost, parts.baseUrl);
    if (refused) return clipWebhookError(`destination URL ${refused}`);
    const signature = await signWebhook({ payload: body, secret: settings.secret, timestamp: clock.now() / 1000 });
    const method = d.config.method === 'PUT' ? 'PUT' : 'POST';
    const headers = (d.config.headers ?? {}) as Record<string, string>;
    return postWebhook({ url, body, signature, idempotencyKey, timeoutMs: settings.timeoutMs, fetch: settings.fetch, method, headers }, slots);
  }

  /** Attempt `n` of one delivery; a failure before the last is tried again after a backoff on the gateway clock. */
  async function deliver(d: DestinationRecord, generationId: string, body: string, n: number, since: number): Promise<void> {
    const error = await attempt(d, body, `${generationId}-${d.id}`);
    if (since !== epoch) return;
    const last = error !== null && n >= settings.maxAttempts;
    ledger.attempted(outcome(d.id, generationId, n, error, last));
    if (error === null || last) {
      owed--;
      return;
    }
    const timer = clock.setTimer(settings.initialBackoffMs * 2 ** (n - 1), () => {
      timers.delete(timer);
      // The destination as it is now: changed in between, the retry goes where it says; deleted, it is dropped.
      const now = destinations.get(d.id);
      if (!now || !now.enabled) {
        owed--;
        if (now) ledger.attempted(outcome(d.id, generationId, n + 1, 'the destination was disabled before this retry', true));
        return;
      }
      ledger.track(deliver(now, generationId, body, n + 1, since).catch(parts.reportError));
    });
    timers.add(timer);
  }

  /** The destinations of one generation: delivered types, in its sample, its key allowed, its filter rules passed. */
  async function start(record: GenerationRecord, candidates: readonly DestinationRecord[], caller: BroadcastCaller, since: number): Promise<void> {
    const trace: TraceCaller = { keyName: caller.keyName, keyHash: await caller.hash() };
    for (const d of candidates) {
      if (since !== epoch) return;
      if (d.api_key_hashes && !d.api_key_hashes.includes(trace.keyHash)) continue;
      if (!sampled(parts.seed, record.id, d) || !passesFilterRules(d.filter_rules, record, trace)) continue;
      ledger.owed(d.id);
      if (owed >= MAX_OWED_DELIVERIES) {
        const error = `not delivered: ${MAX_OWED_DELIVERIES} deliveries are already owed (receivers too slow or failing)`;
        ledger.attempted(outcome(d.id, record.id, 0, error, true));
        continue;
      }
      owed++;
      const body = JSON.stringify(generationTrace(record, d, trace, parts.seed));
      ledger.track(deliver(d, record.id, body, 1, since).catch(parts.reportError));
    }
  }

  return {
    broadcast(record) {
      // No destination at all (the usual gateway): the answer's path pays one size read.
      if (destinations.count() === 0) return;
      try {
        const caller = parts.caller(record.apiKey);
        // A workspace without destinations costs one Map lookup more.
        const candidates = destinations.enabledIn(caller.workspaceId).filter((d) => DELIVERED_TYPES.has(d.type));
        if (candidates.length > 0) ledger.track(start(record, candidates, caller, epoch).catch(parts.reportError));
      } catch (error) {
        // A bug here is reported, never the answer's failure.
        parts.reportError(error);
      }
    },
    reset() {
      epoch++;
      for (const timer of timers) timer.cancel();
      timers.clear();
      owed = 0;
    },
  };
}
