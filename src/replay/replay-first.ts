import { GatewayError, errorBodyText } from '../errors/gateway-error.ts';
import type { RequestInfo } from '../http/dispatch.ts';
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
    const under = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
    if (!under || request.method === 'OPTIONS') return dispatch(request, info);
    let bytes: Uint8Array;
    try {
      bytes = info.readBody ? await info.readBody(maxBodyBytes) : new Uint8Array(await request.clone().arrayBuffer());
    } catch (error) {
      // Too large or cut off: the simulator reads it again and answers as it always does.
      if (error instanceof GatewayError) return dispatch(request, info);
      throw error;
    }
    const path = (url.pathname.slice(basePath.length) || '/') + url.search;
    const text = bytes.byteLength > 0 ? new TextDecoder().decode(bytes) : undefined;
    try {
      const answer = await replayer.answer(request.method, path, text);
      if (answer) return answer;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return new Response(errorBodyText(error), { status: error.status, headers: { 'content-type': 'application/json', 'x-gatewaykit-replay': 'miss' } });
    }
    return dispatch(request, { ...info, readBody: async () => bytes });
  };
}
