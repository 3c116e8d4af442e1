const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `raw` cannot receive webhooks, or undefined when it can (spec 2.7, 8: HTTPS only). Plain
 * HTTP to a loopback host (localhost, 127.0.0.1, [::1]) is allowed only with the explicit
 * `allowInsecureLocalhost` opt-in, for local receivers in tests and development.
 *
 * @example
 * callbackUrlProblem('http://example.com/hook', false); // 'must be an HTTPS URL ...'
 */
export function callbackUrlProblem(raw: string, allowInsecureLocalhost: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw.slice(0, 100)}" is not an absolute URL`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) {
    return allowInsecureLocalhost
      ? undefined
      : 'must be an HTTPS URL (plain http to localhost needs the allowInsecureLocalhost webhook option / --webhook-allow-insecure-localhost)';
  }
  return `must be an HTTPS URL (spec 8), got ${url.protocol}`;
}
