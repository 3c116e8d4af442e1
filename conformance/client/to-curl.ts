import { probeContentType, probeUrl, type Probe } from './probe.ts';

/** POSIX single-quoting: safe for any text, including newlines and quotes. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A shell command that sends `probe` again exactly: the method, URL, every header the suite sent
 * (one Content-Type), and the body byte for byte. A JSON or text body goes inline; a binary body
 * (a multipart upload) is written to a file first (`base64 -d`) and sent with `--data-binary @file`.
 * The keys are never printed: they are read from `$GATEWAY_API_KEY` (and `$GATEWAY_MANAGEMENT_KEY`) in the environment.
 *
 * @example
 * toCurl('https://gw.example/api/v1', { method: 'POST', path: '/responses', body: { model: 'm', input: 'hi' } });
 * // curl -sS -i -X POST 'https://gw.example/api/v1/responses' -H "Authorization: Bearer $GATEWAY_API_KEY" -H 'Content-Type: application/json' --data-binary '{"model":"m","input":"hi"}'
 */
export function toCurl(baseUrl: string, probe: Probe, runHeaders: Readonly<Record<string, string>> = {}): string {
  const parts = ['curl -sS -i'];
  const streaming = typeof probe.body === 'object' && probe.body !== null && (probe.body as { stream?: unknown }).stream === true;
  if (streaming) parts.push('-N');
  parts.push(`-X ${probe.method}`, shellQuote(probeUrl(baseUrl, probe)));
  const auth = probe.auth ?? 'key';
  if (auth === 'key') parts.push('-H "Authorization: Bearer $GATEWAY_API_KEY"');
  else if (auth === 'management') parts.push('-H "Authorization: Bearer $GATEWAY_MANAGEMENT_KEY"');
  else if (auth !== 'none') parts.push(`-H ${shellQuote(`Authorization: ${auth.header}`)}`);
  const headers = new Map<string, [string, string]>();
  for (const [name, value] of [...Object.entries(runHeaders), ...Object.entries(probe.headers ?? {})]) headers.set(name.toLowerCase(), [name, value]);
  headers.delete('content-type');
  headers.delete('authorization');
  const type = probeContentType(probe);
  if (type !== undefined) parts.push(`-H ${shellQuote(`Content-Type: ${type}`)}`);
  for (const [name, value] of headers.values()) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (probe.bodyBase64 !== undefined) {
    parts.push('--data-binary @gatewaykit-body.bin');
    return `printf '%s' ${shellQuote(probe.bodyBase64)} | base64 -d > gatewaykit-body.bin && ${parts.join(' ')}`;
  }
  const body = probe.rawBody ?? (probe.body !== undefined ? JSON.stringify(probe.body) : undefined);
  if (body !== undefined) parts.push(`--data-binary ${shellQuote(body)}`);
  return parts.join(' ');
}
