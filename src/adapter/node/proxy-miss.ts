import type { Cassette } from '../../replay/cassette.ts';
import { keptResponseHeaders } from '../../replay/cassette-of-exchange.ts';
import type { MissHandler } from '../../replay/replayer.ts';
import { saveExchange } from './save-exchange.ts';

/** Headers not forwarded in either direction (RFC 9110 7.6.1 hop-by-hop, and framing redone here). */
const HOP_BY_HOP = /^(host|connection|keep-alive|proxy-connection|transfer-encoding|te|trailer|upgrade|content-length|content-encoding|accept-encoding)$/i;

export interface MissProxyOptions {
  /** Base URL of the real gateway, e.g. `https://gateway.example/api/v1`. */
  upstream: string;
  /** Directory the new cassettes go to (the replay directory). */
  out: string;
  onRecorded?: (file: string, cassette: Cassette) => void;
  onNotRecorded?: (line: string) => void;
  /** The time of a cassette's `recorded_at`. */
  now?: () => Date;
}

/**
 * `--replay-miss proxy --upstream URL`: a request no cassette matches goes to the real gateway;
 * its answer goes back to the caller as it arrives (a stream chunk by chunk), and once complete is
 * written, redacted, as a new cassette in `out`, so the next start replays it.
 *
 * @example
 * const miss = missProxy({ upstream: 'https://gateway.example/api/v1', out: 'cassettes' });
 */
export function missProxy(options: MissProxyOptions): MissHandler {
  const upstream = new URL(options.upstream);
  const base = `${upstream.origin}${upstream.pathname.replace(/\/+$/, '')}`;
  const notRecorded = options.onNotRecorded ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  return async (method, path, incoming, body) => {
    const headers = new Headers();
    incoming.forEach((value, name) => {
      if (!HOP_BY_HOP.test(name)) headers.set(name, value);
    });
    headers.set('accept-encoding', 'identity');
    const started = performance.now();
    let answer: Response;
    try {
      answer = await fetch(`${base}${path}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' || body.byteLength === 0 ? undefined : (body as Uint8Array<ArrayBuffer>),
        redirect: 'manual',
      });
    } catch (error) {
      notRecorded(
        `gatewaykit serve: replay miss not recorded: ${method} ${JSON.stringify(path).slice(1, -1)} (the upstream did not answer: ${(error as Error).message})`,
      );
      return new Response(
        JSON.stringify({ error: { code: 502, message: `Replay miss: the upstream ${upstream.origin} did not answer (${(error as Error).message})` } }),
        { status: 502, headers: { 'content-type': 'application/json', 'x-gatewaykit-replay': 'proxied' } },
      );
    }
    const outHeaders = new Headers();
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.test(name) && name !== 'set-cookie') outHeaders.set(name, value);
    });
    outHeaders.set('x-gatewaykit-replay', 'proxied');
    const chunks: Array<{ at_ms: number; bytes: Uint8Array }> = [];
    let firstByte: number | undefined;
    const save = () => {
      const total = performance.now() - started;
      try {
        const raw = {
          method,
          path,
          requestHeaders: headers,
          requestBody: body,
          status: answer.status,
          responseHeaders: keptResponseHeaders(answer.headers),
          responseChunks: chunks,
          isStream: /^text\/event-stream/i.test(answer.headers.get('content-type') ?? ''),
        };
        const { file, cassette } = saveExchange(options.out, base, raw, { first_byte_ms: firstByte ?? total, total_ms: total }, now().toISOString());
        options.onRecorded?.(file, cassette);
      } catch (error) {
        notRecorded(`gatewaykit serve: replay miss not recorded: ${method} ${JSON.stringify(path).slice(1, -1)} (${(error as Error).message})`);
      }
    };
    const nullBody = answer.status === 204 || answer.status === 304 || method === 'HEAD' || !answer.body;
    if (nullBody) {
      save();
      return new Response(null, { status: answer.status, headers: outHeaders });
    }
    const reader = answer.body!.getReader();
    const passOn = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            save();
            return;
          }
          const at = performance.now() - started;
          firstByte ??= at;
          chunks.push({ at_ms: Math.round(at * 10) / 10, bytes: value });
          controller.enqueue(value);
        } catch (error) {
          notRecorded(
            `gatewaykit serve: replay miss not recorded: ${method} ${JSON.stringify(path).slice(1, -1)} (the upstream broke off: ${(error as Error).message})`,
          );
          controller.error(error);
        }
      },
      cancel(reason) {
        notRecorded(`gatewaykit serve: replay miss not recorded: ${method} ${JSON.stringify(path).slice(1, -1)} (the caller went away)`);
        return reader.cancel(reason);
      },
    });
    return new Response(passOn, { status: answer.status, headers: outHeaders });
  };
}
