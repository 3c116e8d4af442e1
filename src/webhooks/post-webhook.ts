import { WEBHOOK_USER_AGENT } from '../schemas/control-api.ts';
import type { Semaphore } from './semaphore.ts';

/** How much of a receiver's answer is read (then the body is cancelled): enough for an error line. */
export const WEBHOOK_RESPONSE_CAP = 4096;

/** A webhook error kept with its job is cut to this many characters (it is saved with the job). */
const MAX_WEBHOOK_ERROR_CHARS = 500;

/** One signed delivery: where, what, and the headers that identify it. */
export interface WebhookPost {
  url: string;
  body: string;
  signature: string;
  idempotencyKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Default POST (an observability webhook destination may ask for PUT). */
  method?: 'POST' | 'PUT';
  /** The receiver's own headers (a destination's `config.headers`); the gateway's own headers win over them. */
  headers?: Readonly<Record<string, string>>;
}

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

async function send(post: WebhookPost): Promise<string | null> {
  const response = await (post.fetch ?? globalThis.fetch)(post.url, {
    method: post.method ?? 'POST',
    headers: {
      ...post.headers,
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'X-Gateway-Idempotency-Key': post.idempotencyKey,
      'X-Gateway-Signature': post.signature,
    },
    body: post.body,
    // A redirect would send the signed payload to an address nobody checked: a 3xx is a failed delivery.
    redirect: 'manual',
    signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(post.timeoutMs) : undefined,
  });
  // Only a few KiB of the answer are read: a receiver that streams without end holds no memory.
  await discardBody(response);
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    return `receiver answered HTTP ${response.status || 'redirect'}: redirects are not followed`;
  }
  return response.ok ? null : `receiver answered HTTP ${response.status}`;
}

/**
 * Post one webhook within the semaphore's places: `null` when the receiver took it (2xx), else the
 * reason, cut to a length fit to be saved with the job.
 *
 * @example
 * const error = await postWebhook(post, slots); // null, or 'receiver answered HTTP 500'
 */
export async function postWebhook(post: WebhookPost, slots: Semaphore): Promise<string | null> {
  await slots.acquire();
  let error: string | null;
  try {
    error = await send(post);
  } catch (e) {
    error = `delivery failed: ${(e as Error).message}`;
  } finally {
    slots.release();
  }
  return clipWebhookError(error);
}

/** A delivery error fit to be saved with its job: cut to a bounded length. */
export function clipWebhookError(error: string | null): string | null {
  return error !== null && error.length > MAX_WEBHOOK_ERROR_CHARS ? `${error.slice(0, MAX_WEBHOOK_ERROR_CHARS)}…` : error;
}
