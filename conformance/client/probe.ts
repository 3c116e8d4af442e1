/**
 * One HTTP request a check sends, as a plain JSON value: it is what a failure report shows as the
 * counterexample, what the curl command is built from, and what a replay sends again.
 */
export interface Probe {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /**
   * Relative to the base URL (`/responses`), or origin-absolute for the simulator's control API
   * (`/__gatewaykit/clock`); see {@link isControlPath}.
   */
  readonly path: string;
  /**
   * `key` (default): `Authorization: Bearer <the run's key>`; `none`: no Authorization header;
   * any other string: sent verbatim as the Authorization header (a wrong key, a wrong scheme).
   */
  readonly auth?: 'key' | 'none' | { readonly header: string };
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON body (sent with `content-type: application/json`). */
  readonly body?: unknown;
  /** Raw body text instead of `body` (malformed JSON), sent with `content-type: application/json`. */
  readonly rawBody?: string;
  /**
   * The gateway is expected to do paid work for this request (a generation or a video job): it
   * counts against the run's request budget before it is sent.
   */
  readonly paid?: boolean;
}

/** The simulator's control API lives at the origin root, outside the base path. */
export function isControlPath(path: string): boolean {
  return path.startsWith('/__gatewaykit/');
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
