import type { Clock } from '../clock/clock.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { clockSleep } from '../timing/clock-sleep.ts';
import { pacedStream } from '../timing/paced-stream.ts';
import { bytesOf, chunkBytes, parseCassette, type Cassette } from './cassette.ts';
import { matchKey } from './match-key.ts';

/** `createGateway({ replay })`: answer recorded requests from cassettes (docs/record-replay.md). */
/** What a replay miss is handed to under `miss: 'proxy'`. */
export type MissHandler = (method: string, path: string, headers: Headers, body: Uint8Array) => Promise<Response>;

export interface ReplayOptions {
  /** The cassettes, e.g. `readCassettes('cassettes')` from `gatewaykit/node`. */
  cassettes: readonly unknown[];
  /**
   * A request no cassette matches: `simulate` (default) lets the simulator answer (marked
   * `X-Gatewaykit-Replay: miss`); `error` is a 404 naming it; `proxy` hands it to `onMiss`
   * (`missProxy` of `gatewaykit/node` passes it to the real gateway and records it).
   */
  miss?: 'simulate' | 'error' | 'proxy';
  /** Under `miss: 'proxy'`: where a miss goes. */
  onMiss?: MissHandler;
  /**
   * Also answer under this path, the recorded upstream's (`/v1` for `https://api.example/v1`),
   * besides the gateway's own `/api/v1`; a miss there is simulated as if sent under `/api/v1`.
   */
  basePath?: string;
  /** Body fields left out of matching, as dotted paths (`metadata.trace_id`, `input.*.id`). */
  ignoreFields?: readonly string[];
  /** Send stream chunks and answers at their recorded times, on the gateway clock. Default false. */
  timing?: boolean;
}

export interface Replayer {
  /** The recorded answer to this request, a 404 for a miss in `error` mode, or undefined (simulate). */
  answer(method: string, path: string, bodyText: string | undefined): Promise<Response | undefined>;
  /** How many cassettes are loaded. */
  readonly size: number;
  /** {@link ReplayOptions.basePath}, without a trailing slash. */
  readonly basePath?: string;
  /** Under `miss: 'proxy'`, where a miss goes. */
  readonly onMiss?: MissHandler;
}

/**
 * Index cassettes by method, path and canonical body. Several cassettes of one request answer
 * in recorded order; the last one then keeps answering.
 *
 * @example
 * const replayer = createReplayer({ cassettes }, clock);
 * const res = await replayer.answer('POST', '/responses', '{"model":"m","input":"hi"}');
 */
export function createReplayer(options: ReplayOptions, clock: Clock): Replayer {
  const ignore = options.ignoreFields ?? [];
  if (options.miss === 'proxy' && !options.onMiss) throw new TypeError("replay: miss 'proxy' needs onMiss (e.g. missProxy({ upstream, out }))");
  const basePath = options.basePath?.replace(/\/+$/, '');
  if (basePath !== undefined && !/^\/[^?#]*$/.test(basePath)) throw new TypeError(`replay.basePath must be a path starting with / (got "${options.basePath}")`);
  const queues = new Map<string, { list: Cassette[]; next: number }>();
  options.cassettes.forEach((raw, i) => {
    const cassette = parseCassette(raw, `replay.cassettes[${i}]`);
    const req = cassette.request;
    const body = req.body ? new TextDecoder().decode(bytesOf(req.body)) : undefined;
    const key = matchKey(req.method, req.path, body, ignore);
    const queue = queues.get(key) ?? { list: [], next: 0 };
    queue.list.push(cassette);
    queues.set(key, queue);
  });
  return {
    size: options.cassettes.length,
    ...(basePath ? { basePath } : {}),
    ...(options.miss === 'proxy' && options.onMiss ? { onMiss: options.onMiss } : {}),
    async answer(method, path, bodyText) {
      const queue = queues.get(matchKey(method, path, bodyText, ignore));
      if (!queue) {
        if (options.miss === 'error') {
          return Promise.reject(
            new GatewayError(404, `No recorded answer for ${method} ${path} (no cassette matches its method, path and body; replay misses are errors)`),
          );
        }
        return undefined;
      }
      const cassette = queue.list[Math.min(queue.next, queue.list.length - 1)]!;
      queue.next++;
      return recordedResponse(cassette, options.timing === true ? clock : undefined);
    },
  };
}

/** Hop-by-hop and framing headers (RFC 9110 7.6.1, RFC 9112 6): never replayed. */
const FRAMING_HEADERS = /^(connection|keep-alive|proxy-connection|transfer-encoding|te|trailer|upgrade|content-length)$/i;

/** The recorded answer, byte for byte; with a clock, at the recorded times. */
async function recordedResponse(cassette: Cassette, clock: Clock | undefined): Promise<Response> {
  const { status, body } = cassette.response;
  // Framing headers are the server's own (a recorded content-length would not match a replayed body).
  const headers = Object.fromEntries(Object.entries(cassette.response.headers).filter(([name]) => !FRAMING_HEADERS.test(name)));
  const init = { status, headers: { ...headers, 'x-gatewaykit-replay': 'hit' } };
  // Fetch's null-body statuses (101 and 103 are refused when a cassette is read).
  const nullBody = status === 204 || status === 205 || status === 304 || body === null;
  if (nullBody) return new Response(null, init);
  if ('chunks' in body) {
    const pieces = body.chunks.map(chunkBytes);
    const offsets = body.chunks.map((c) => (clock ? c.at_ms : 0));
    return new Response(clock ? pacedStream(clock, pieces, offsets) : piecesStream(pieces), init);
  }
  if (clock) await clockSleep(clock, cassette.response.total_ms);
  return new Response(bytesOf(body) as Uint8Array<ArrayBuffer>, init);
}

/** Each recorded chunk as its own read, so chunk boundaries replay as recorded. */
function piecesStream(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(pieces[i++]!);
      else controller.close();
    },
  });
}
