import { probeUrl, type Probe } from './probe.ts';

/** POSIX single-quoting: safe for any text, including newlines and quotes. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command that sends `probe` again. The key is never printed: it reads
 * `$GATEWAY_API_KEY` from the environment.
 *
 * @example
 * toCurl('https://gw.example/api/v1', { method: 'POST', path: '/responses', body: { model: 'm', input: 'hi' } });
 * // curl -sS -i -X POST 'https://gw.example/api/v1/responses' -H "Authorization: Bearer $GATEWAY_API_KEY" ...
 */
export function toCurl(baseUrl: string, probe: Probe): string {
  const parts = ['curl -sS -i'];
  const body = probe.rawBody ?? (probe.body !== undefined ? JSON.stringify(probe.body) : undefined);
  const streaming = typeof probe.body === 'object' && probe.body !== null && (probe.body as { stream?: unknown }).stream === true;
  if (streaming) parts.push('-N');
  parts.push(`-X ${probe.method}`, shellQuote(probeUrl(baseUrl, probe)));
  const auth = probe.auth ?? 'key';
  if (auth === 'key') parts.push('-H "Authorization: Bearer $GATEWAY_API_KEY"');
  else if (auth !== 'none') parts.push(`-H ${shellQuote(`Authorization: ${auth.header}`)}`);
  if (body !== undefined) parts.push(`-H 'Content-Type: application/json'`);
  for (const [name, value] of Object.entries(probe.headers ?? {})) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (body !== undefined) parts.push(`--data-binary ${shellQuote(body)}`);
  return parts.join(' ');
}
