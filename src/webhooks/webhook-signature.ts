/** reference: signatures older than 5 minutes are rejected. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function hmacHex(secret: string, message: string): Promise<string> {
  // Web Crypto, not node:crypto: the simulator core also runs in browsers (msw setupWorker).
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

/**
 * The `X-Gateway-Signature` header value for a webhook body: `t=<unix seconds>,v1=<hex>`, where hex
 * is HMAC-SHA256 keyed by the signing secret of `<t>,<raw body>` (reference).
 *
 * @example
 * const header = await signWebhook({ payload: body, secret: 'whsec_test', timestamp: 1767225600 });
 */
export async function signWebhook(args: { payload: string; secret: string; timestamp: number }): Promise<string> {
  const t = Math.floor(args.timestamp);
  return `t=${t},v1=${await hmacHex(args.secret, `${t},${args.payload}`)}`;
}

export type WebhookVerification = { valid: true; timestamp: number } | { valid: false; reason: string };

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Check a webhook's `X-Gateway-Signature` header against the raw body, the way a receiver should:
 * recompute the HMAC over `<t>,<raw body>`, compare in constant time, and reject signatures whose
 * timestamp is more than `toleranceSeconds` (default 300) away from `now` (ms, default Date.now()).
 * Pass the body exactly as received: re-serialised JSON does not verify.
 *
 * @example
 * const result = await verifyWebhookSignature({
 *   payload: rawBody,
 *   header: request.headers.get('x-gateway-signature'),
 *   secret: process.env.GATEWAY_WEBHOOK_SECRET!,
 * });
 * if (!result.valid) return new Response(result.reason, { status: 400 });
 */
export async function verifyWebhookSignature(args: {
  payload: string;
  header: string | null | undefined;
  secret: string;
  toleranceSeconds?: number;
  now?: number;
}): Promise<WebhookVerification> {
  const { payload, header, secret } = args;
  const tolerance = args.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((args.now ?? Date.now()) / 1000);
  if (!header) return { valid: false, reason: 'missing signature header' };
  let t: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) t = Number(value);
    else if (key === 'v1') signatures.push(value.toLowerCase());
  }
  if (t === undefined) return { valid: false, reason: 'signature header has no timestamp (t=...)' };
  if (signatures.length === 0) return { valid: false, reason: 'signature header has no v1 signature' };
  if (Math.abs(nowSeconds - t) > tolerance) return { valid: false, reason: `signature timestamp is more than ${tolerance} s away from now` };
  const expected = await hmacHex(secret, `${t},${payload}`);
  if (!signatures.some((s) => constantTimeEqual(s, expected))) return { valid: false, reason: 'signature does not match' };
  return { valid: true, timestamp: t };
}
