import { CONTROL_PATH_PREFIX } from '../schemas/control-api.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The port a URL connects to (its scheme's default when it names none). */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
}

/**
 * Whether a URL host, as WHATWG URL normalised it (decimal, hex and octal IPv4 forms become
 * dotted quads, IPv4-mapped IPv6 becomes `[::ffff:7f00:1]`), reaches this machine: localhost and
 * `*.localhost` (RFC 6761 6.3), 127.0.0.0/8, [::1], the IPv4-mapped loopback, and the
 * unspecified addresses 0.0.0.0 and [::], which connect to the local host.
 */
function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(name) || name === '0.0.0.0') return true;
  if (name === '[::1]' || name === '[::]') return true;
  return /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\]$/.test(name);
}

/**
 * Why a webhook must never go to `url` whatever the flags, or undefined: the simulator's own
 * control API and inspector (any host: a webhook POST to `/__gatewaykit/reset` would wipe the
 * state), and the gateway itself (`self`, its base URL: the same port on a local address, or on
 * its own host name).
 */
function selfTargetProblem(url: URL, self: string | undefined): string | undefined {
  const path = url.pathname.toLowerCase();
  if (path === CONTROL_PATH_PREFIX || path.startsWith(`${CONTROL_PATH_PREFIX}/`)) {
    return `must not point at the simulator's control API or inspector (${CONTROL_PATH_PREFIX})`;
  }
  if (self === undefined) return undefined;
  let own: URL;
  try {
    own = new URL(self);
  } catch {
    return undefined;
  }
  if (portOf(url) !== portOf(own)) return undefined;
  const sameHost = url.hostname.toLowerCase() === own.hostname.toLowerCase();
  if (sameHost || isLocalHostname(url.hostname)) {
    return `must not point at this gateway itself (${own.origin})`;
  }
  return undefined;
}

/**
 * Why `raw` cannot receive webhooks, or undefined when it can (spec 2.7, 8: HTTPS only). Plain
 * HTTP to a loopback host (localhost, 127.0.0.1, [::1]) is allowed only with the explicit
 * `allowInsecureLocalhost` opt-in, for local receivers in tests and development. Whatever the
 * flags, a webhook never goes to the simulator's control API or to the gateway itself (`self`,
 * the gateway's base URL), so a page that can submit a job cannot make the webhook reset the
 * simulator.
 *
 * @example
 * callbackUrlProblem('http://example.com/hook', false); // 'must be an HTTPS URL ...'
 * callbackUrlProblem('http://127.0.0.1:8080/__gatewaykit/reset', true); // 'must not point at ...'
 */
export function callbackUrlProblem(raw: string, allowInsecureLocalhost: boolean, self?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw.slice(0, 100)}" is not an absolute URL`;
  }
  if (url.protocol === 'https:') return selfTargetProblem(url, self);
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) {
    return allowInsecureLocalhost
      ? selfTargetProblem(url, self)
      : 'must be an HTTPS URL (plain http to localhost needs the allowInsecureLocalhost webhook option / --webhook-allow-insecure-localhost)';
  }
  return `must be an HTTPS URL (spec 8), got ${url.protocol}`;
}
