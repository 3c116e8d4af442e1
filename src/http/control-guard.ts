import { GatewayError } from '../errors/gateway-error.ts';
import { WEBHOOK_USER_AGENT } from '../schemas/control-api.ts';
import { isJsonContentType } from './read-body.ts';

/**
 * 127.0.0.0/8, ::1 and their IPv4-mapped forms. `undefined` is an in-process caller (msw,
 * `gateway.fetch`): the user's own code.
 *
 * @example
 * isLoopback('::ffff:127.0.0.1'); // true
 */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return true;
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || a.startsWith('127.');
}

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * Whether a Host header (or an Origin's host) names this machine's loopback: `localhost`, a
 * `*.localhost` name (RFC 6761 6.3: always loopback), 127.0.0.0/8 or [::1], with any port. A DNS
 * rebinding page reaches a loopback server under its own name (`evil.example`), which this refuses.
 *
 * @example
 * isLoopbackHost('127.0.0.1:8080'); // true
 * isLoopbackHost('evil.example:8080'); // false
 */
export function isLoopbackHost(host: string | null): boolean {
  if (host === null) return false;
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    if (end < 0) return false;
    const inner = name.slice(1, end);
    const rest = name.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return false;
    return inner === '::1' || inner === '0:0:0:0:0:0:0:1' || IPV4_LOOPBACK.test(inner.replace(/^::ffff:/, ''));
  }
  const colon = name.lastIndexOf(':');
  if (colon >= 0) {
    if (!/^\d{1,5}$/.test(name.slice(colon + 1))) return false;
    name = name.slice(0, colon);
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  return name === 'localhost' || name.endsWith('.localhost') || IPV4_LOOPBACK.test(name);
}

/** Whether an Origin header is a loopback origin (`http://127.0.0.1:8080`); `null` origins are not. */
function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.host);
  } catch {
    return false;
  }
}

/**
 * The control API's guard (docs/cli.md "Control API"): the local user only.
 * - The caller's address must be loopback.
 * - Over the network, the Host must name loopback (against DNS rebinding), and an Origin, when
 *   a browser sends one, must be a loopback origin (another site's page is refused).
 * - A POST must declare a JSON body (a cross-site page cannot send that without a preflight,
 *   and preflights of control routes are refused).
 * - A webhook delivery (its `X-Gateway-Signature` or User-Agent) is refused, so no job's
 *   `callback_url` can drive the control API, whatever the webhook flags.
 * Control answers never carry CORS headers. Returns the refusal, or undefined.
 *
 * @example
 * const refusal = controlRefusal(request, '127.0.0.1');
 * if (refusal) throw refusal;
 */
export function controlRefusal(request: Request, remoteAddress: string | undefined): GatewayError | undefined {
  if (!isLoopback(remoteAddress)) return new GatewayError(403, 'The control API answers loopback callers only');
  const headers = request.headers;
  if (headers.has('x-gateway-signature') || headers.get('user-agent') === WEBHOOK_USER_AGENT) {
    return new GatewayError(403, 'The control API does not answer webhook deliveries (a callback_url never drives the simulator)');
  }
  if (request.method === 'OPTIONS') {
    return new GatewayError(
      403,
      'The control API does not answer cross-origin requests (no CORS): call it from the machine it runs on, not from a web page of another origin',
    );
  }
  // The Host header as sent; an adapter that put it in the URL only (or HTTP/1.0 without one) is judged by the URL.
  const host = headers.get('host') ?? new URL(request.url).host;
  if (remoteAddress !== undefined && !isLoopbackHost(host)) {
    return new GatewayError(
      403,
      `The control API answers requests addressed to localhost or a loopback address only (Host: ${JSON.stringify(host.slice(0, 100))})`,
    );
  }
  const origin = headers.get('origin');
  if (origin !== null && !isLoopbackOrigin(origin)) {
    return new GatewayError(403, `The control API does not answer pages of other origins (Origin: ${JSON.stringify(origin.slice(0, 100))})`);
  }
  if (request.method === 'POST') {
    const type = headers.get('content-type');
    if (type === null || !isJsonContentType(type)) {
      return new GatewayError(
        415,
        `Control API POSTs need Content-Type: application/json (got ${type === null ? 'none' : JSON.stringify(type.slice(0, 100))}); send a JSON body, {} when there is nothing to say`,
      );
    }
  }
  return undefined;
}
