import type { FetchLike } from '../client/gateway-client.ts';
import { onResponse } from './rewrite.ts';

/**
 * A legitimate variation of the wire format: a correct gateway may do it, so the suite must
 * still pass (conformance/controls.test.ts). Controls keep the suite from over-reaching.
 */
export interface Control {
  readonly id: string;
  readonly why: string;
  wrap(fetch: FetchLike): FetchLike;
}

/** User data maps (metadata: string to string) are the caller's, not the gateway's shape: left alone. */
const USER_MAPS = new Set(['metadata']);

const mapJson = (value: unknown, f: (o: Record<string, unknown>) => Record<string, unknown>): unknown => {
  if (Array.isArray(value)) return value.map((v) => mapJson(v, f));
  if (typeof value === 'object' && value !== null)
    return f(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, USER_MAPS.has(k) ? v : mapJson(v, f)])));
  return value;
};

/** Rewrite every JSON body and every JSON event of a stream with `f`. */
function everyJson(fetch: FetchLike, f: (o: Record<string, unknown>) => Record<string, unknown>): FetchLike {
  return onResponse(fetch, (response) => {
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      try {
        response.text = JSON.stringify(mapJson(JSON.parse(response.text), f));
      } catch {
        // not JSON after all: leave it
      }
    } else if (type.includes('text/event-stream')) {
      response.text = response.text.replace(/^data: (\{.*\})$/gm, (_m, json: string) => `data: ${JSON.stringify(mapJson(JSON.parse(json), f))}`);
    }
  });
}

export const sseComments: Control = {
  id: 'sse-comments',
  why: 'reference: gateways send SSE comment lines as keep-alives; clients ignore them',
  wrap: (fetch) =>
    onResponse(fetch, (response) => {
      if ((response.headers.get('content-type') ?? '').includes('text/event-stream'))
        response.text = `: GATEWAY PROCESSING\n\n${response.text.replace(/\n\n(?=data:)/g, '\n\n: keep-alive\n\n')}`;
    }),
};

export const extraFields: Control = {
  id: 'extra-fields',
  why: 'members beyond the documented ones are allowed on every object',
  wrap: (fetch) => everyJson(fetch, (o) => ({ ...o, x_vendor_extension: { note: 'extra' } })),
};

export const keyOrder: Control = {
  id: 'key-order',
  why: 'JSON object members have no order',
  wrap: (fetch) => everyJson(fetch, (o) => Object.fromEntries(Object.entries(o).reverse())),
};

/** Split every body into chunks of 1 to 7 bytes (a network that delivers bytes in tiny reads). */
export const otherChunking: Control = {
  id: 'other-chunking',
  why: 'the network may split the bytes anywhere: inside an event, a line, a UTF-8 character',
  wrap: (fetch) => async (input, init) => {
    const response = await fetch(input, init);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let offset = 0;
    let size = 1;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + size));
        offset += size;
        size = (size % 7) + 1;
      },
    });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(response.status === 204 || response.status === 304 ? null : body, { status: response.status, headers });
  },
};

export const ALL_CONTROLS: readonly Control[] = [sseComments, extraFields, keyOrder, otherChunking];
