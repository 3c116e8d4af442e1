import { paidEndpoints } from '../../src/gateway/operations-table.ts';

/**
 * One HTTP request a check sends, as a plain JSON value: it is what a failure report shows as the
 * counterexample, what the curl command is built from, and what a replay sends again.
 */
export interface Probe {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Relative to the base URL (`/responses`), or origin-absolute for the simulator's control API
   * (`/__gatewaykit/clock`); see {@link isControlPath}.
   */
  readonly path: string;
  /**
   * `key` (default): `Authorization: Bearer <the run's key>`; `none`: no Authorization header;
   * `management`: `Authorization: Bearer <the run's management key>` (`--management-key`, spec 5.3);
   * `{header}`: sent verbatim as the Authorization header (a wrong key, a wrong scheme).
   */
  readonly auth?: 'key' | 'management' | 'none' | { readonly header: string };
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON body (sent with `content-type: application/json` unless `headers` names another). */
  readonly body?: unknown;
  /** Raw body text instead of `body` (malformed JSON), sent with `content-type: application/json` unless `headers` names another. */
  readonly rawBody?: string;
  /** Binary body as base64 (a multipart upload): sent as bytes, shown elided, written to a file by the curl. */
  readonly bodyBase64?: string;
}

/** The simulator's control API lives at the origin root, outside the base path. */
export function isControlPath(path: string): boolean {
  return path.startsWith('/__gatewaykit/');
}

/**
 * Does this probe go to an operation that can cost money (spec 4.1, 4.2, 4.4)? Such probes take a
 * unit of the budget before they are sent, whatever the suite expects the answer to be.
 *
 * @example
 * isPaidProbe({ method: 'POST', path: '/responses' }); // true
 * isPaidProbe({ method: 'GET', path: '/models' }); // false
 */
export function isPaidProbe(probe: Pick<Probe, 'method' | 'path'>): boolean {
  const path = probe.path.split('?')[0]!;
  return PAID.some((paid) => paid.method === probe.method && paid.path.test(path));
}

/** The paid endpoints of the simulator's operations table, each path as a pattern (`:name` one segment, a trailing slash allowed). */
const PAID = paidEndpoints().map((endpoint) => ({
  method: endpoint.method,
  path: new RegExp(
    `^${endpoint.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  ),
}));

/** Does this probe reach `/videos` (gated by `--include-videos`)? */
export function isVideoProbe(probe: Pick<Probe, 'path'>): boolean {
  return /^\/videos(\/|\?|$)/.test(probe.path);
}

/**
 * The absolute URL of a probe.
 *
 * @example
 * probeUrl('http://127.0.0.1:8080/api/v1', { method: 'GET', path: '/__gatewaykit/clock' });
 * // 'http://127.0.0.1:8080/__gatewaykit/clock'
 */
export function probeUrl(baseUrl: string, probe: Pick<Probe, 'path'>): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (/^https?:\/\//.test(probe.path)) return probe.path;
  if (isControlPath(probe.path)) return `${new URL(base).origin}${probe.path}`;
  return `${base}${probe.path.startsWith('/') ? '' : '/'}${probe.path}`;
}

/** The body bytes or text a probe sends (undefined without body). */
export function probeBody(probe: Probe): string | Uint8Array | undefined {
  if (probe.bodyBase64 !== undefined) return Uint8Array.from(Buffer.from(probe.bodyBase64, 'base64'));
  return probe.rawBody ?? (probe.body !== undefined ? JSON.stringify(probe.body) : undefined);
}

/** The content type a probe is sent with: its own header, else JSON when it has a body. */
export function probeContentType(probe: Probe): string | undefined {
  const own = Object.entries(probe.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  if (own !== undefined) return own;
  return probe.body !== undefined || probe.rawBody !== undefined || probe.bodyBase64 !== undefined ? 'application/json' : undefined;
}
