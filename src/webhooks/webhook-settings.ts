import { callbackUrlProblem } from './callback-url.ts';

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

export const DEFAULT_WEBHOOK_SECRET = 'whsec_gatewaykit_test';

/** The webhook settings with every default filled in, checked once. */
export type WebhookSettings = Required<Omit<VideoWebhookOptions, 'defaultCallbackUrl' | 'fetch'>> & Pick<VideoWebhookOptions, 'defaultCallbackUrl' | 'fetch'>;

/**
 * The settings of `hooks` with their defaults; a `TypeError` naming the option when one is unusable.
 *
 * @example
 * resolveWebhookSettings({ maxAttempts: 3 }, 'http://127.0.0.1:8080/api/v1').initialBackoffMs; // 5000
 */
export function resolveWebhookSettings(hooks: VideoWebhookOptions, selfUrl: string): WebhookSettings {
  const settings: WebhookSettings = {
    secret: hooks.secret ?? DEFAULT_WEBHOOK_SECRET,
    allowInsecureLocalhost: hooks.allowInsecureLocalhost ?? false,
    maxAttempts: hooks.maxAttempts ?? 8,
    initialBackoffMs: hooks.initialBackoffMs ?? 5_000,
    timeoutMs: hooks.timeoutMs ?? 10_000,
    maxConcurrent: hooks.maxConcurrent ?? 16,
    defaultCallbackUrl: hooks.defaultCallbackUrl,
    fetch: hooks.fetch,
  };
  if (!(Number.isInteger(settings.maxConcurrent) && settings.maxConcurrent >= 1)) throw new TypeError('webhooks.maxConcurrent: must be a whole number >= 1');
  if (settings.defaultCallbackUrl !== undefined) {
    const problem = callbackUrlProblem(settings.defaultCallbackUrl, settings.allowInsecureLocalhost, selfUrl);
    if (problem) throw new TypeError(`webhooks.defaultCallbackUrl: ${problem}`);
  }
  if (!(settings.maxAttempts >= 1)) throw new TypeError('webhooks.maxAttempts: must be >= 1');
  return settings;
}
