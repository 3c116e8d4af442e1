import { GatewayError, errorBodyText } from '../errors/gateway-error.ts';
import type { RequestInfo } from '../http/dispatch.ts';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../json/json-depth.ts';
import type { Replayer } from './replayer.ts';

type Handle = (request: Request, info?: RequestInfo) => Promise<Response>;

/**
 * The gateway's entry point with replay in front: an API request that a cassette matches gets
 * the recorded answer; any other goes on to the simulator (or, with `miss: 'error'`, gets a 404
 * naming it). The control API is never replayed.
 *
 * @example
 * const handle = replayFirst(createReplayer({ cassettes }, clock), dispatch, '/api/v1', 10 * 1024 * 1024);
 */
export function replayFirst(replayer: Replayer, dispatch: Handle, basePath: string, maxBodyBytes: number): Handle {
  return async (request, info = {}) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return dispatch(request, info);
    }
    const isUnder = (base: string) => url.pathname === base || url.pathname.startsWith(`${base}/`);
    // The gateway's own base path, or the recorded upstream's (`/v1`) when replay names one.
    const base = isUnder(basePath) ? basePath : replayer.basePath && isUnder(replayer.basePath) ? replayer.basePath : undefined;
    if (base === undefined || request.method === 'OPTIONS') return dispatch(request, info);
    let bytes: Uint8Array;
    try {
      bytes = info.readBody ? await info.readBody(maxBodyBytes) : new Uint8Array(await request.clone().arrayBuffer());
    } catch (error) {
      // Too large or cut off: the simulator reads it again and answers as it always does.
      if (error instanceof GatewayError) return dispatch(request, info);
      throw error;
    }
    const path = (url.pathname.slice(base.length) || '/') + url.search;
    const text = bytes.byteLength > 0 ? new TextDecoder().decode(bytes) : undefined;
    // A body nested past the limit is never replayed or matched (matching walks it): the
    // simulator answers it, with the same 400 as without replay.
    if (text !== undefined && text.length > 2 * MAX_JSON_DEPTH && jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      return dispatch(request, withBody(info, bytes));
    }
    try {
      const answer = await replayer.answer(request.method, path, text);
      if (answer) return answer;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return new Response(errorBodyText(error), { status: error.status, headers: { 'content-type': 'application/json', 'x-gatewaykit-replay': 'miss' } });
    }
    if (replayer.onMiss) return replayer.onMiss(request.method, path, request.headers, bytes);
    // A miss under the upstream's base path is simulated as if sent under the gateway's own.
    const simulated = base === basePath ? request : new Request(`${url.origin}${basePath}${path}`, { method: request.method, headers: request.headers });
    return marked(await dispatch(simulated, withBody(info, bytes)), 'miss');
  };
}

/**
 * The adapter's info with the body already read in its place. Built member by member: an adapter's
 * info may keep its questions on a prototype, which spreading would lose.
 */
function withBody(info: RequestInfo, bytes: Uint8Array): RequestInfo {
  const out: RequestInfo = { readBody: async () => bytes };
  if (info.remoteAddress !== undefined) out.remoteAddress = info.remoteAddress;
  if (info.clientGone) out.clientGone = () => info.clientGone?.() ?? false;
  if (info.rawBodies !== undefined) out.rawBodies = info.rawBodies;
  return out;
}

/** The simulator's answer to a miss, marked so a test can tell it was not replayed. */
function marked(response: Response, marker: string): Response {
  try {
    response.headers.set('x-gatewaykit-replay', marker);
    return response;
  } catch {
    // Immutable headers (a fetched Response): the same body and status, new headers.
    const headers = new Headers(response.headers);
    headers.set('x-gatewaykit-replay', marker);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
