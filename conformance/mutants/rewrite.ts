import type { FetchLike } from '../client/gateway-client.ts';
import { readSse } from '../sse/read-sse.ts';

/** A request as a mutant sees it: its body parsed when it is JSON. */
export interface SeenRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: Headers;
  /** Parsed JSON body, or the raw text when it is not JSON; undefined without body. */
  body: unknown;
}

async function see(input: string | URL | Request, init?: RequestInit): Promise<{ seen: SeenRequest; init: RequestInit }> {
  const request = new Request(input, init);
  const text = request.body ? await request.text() : undefined;
  let body: unknown = text;
  if (text !== undefined) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return {
    seen: { url: new URL(request.url), method: request.method, headers: new Headers(request.headers), body },
    init: { signal: init?.signal ?? null },
  };
}

/**
 * Change requests before the real gateway sees them (a gateway that ignores or repairs a field
 * "accepts" the request that should have been rejected).
 */
export function onRequest(fetch: FetchLike, change: (request: SeenRequest) => void): FetchLike {
  return async (input, init) => {
    const { seen, init: rest } = await see(input, init);
    change(seen);
    const body = seen.body === undefined ? undefined : typeof seen.body === 'string' ? seen.body : JSON.stringify(seen.body);
    return fetch(seen.url.href, { ...rest, method: seen.method, headers: seen.headers, body });
  };
}

/** An answer as a mutant rewrites it. */
export interface SeenResponse {
  status: number;
  headers: Headers;
  /** The whole body as text. */
  text: string;
}

/** Change answers (status, headers, body) after the real gateway produced them. */
export function onResponse(fetch: FetchLike, change: (response: SeenResponse, request: SeenRequest) => void): FetchLike {
  return async (input, init) => {
    const { seen, init: rest } = await see(input, init);
    const body = seen.body === undefined ? undefined : typeof seen.body === 'string' ? seen.body : JSON.stringify(seen.body);
    const response = await fetch(seen.url.href, { ...rest, method: seen.method, headers: seen.headers, body });
    const out: SeenResponse = { status: response.status, headers: new Headers(response.headers), text: await response.text() };
    change(out, seen);
    out.headers.delete('content-length');
    const bytes = new TextEncoder().encode(out.text);
    return new Response(out.status === 204 ? null : bytes, { status: out.status, headers: out.headers });
  };
}

/** Rewrite JSON answers in place; other answers pass unchanged. */
export function onJson(fetch: FetchLike, change: (json: Record<string, unknown>, response: SeenResponse, request: SeenRequest) => void): FetchLike {
  return onResponse(fetch, (response, request) => {
    if (!(response.headers.get('content-type') ?? '').includes('json')) return;
    let json: unknown;
    try {
      json = JSON.parse(response.text);
    } catch {
      return;
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return;
    change(json as Record<string, unknown>, response, request);
    response.text = JSON.stringify(json);
  });
}

/** Rewrite the `data` of every SSE event of a stream answer (a list of data strings, `[DONE]` included). */
export function onSse(fetch: FetchLike, change: (data: string[], request: SeenRequest) => string[]): FetchLike {
  return onResponse(fetch, (response, request) => {
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return;
    const data = readSse([new TextEncoder().encode(response.text)]).messages.map((m) => m.data);
    response.text = change(data, request)
      .map((d) => `data: ${d}\n\n`)
      .join('');
  });
}

/** Rewrite the parsed JSON events of a stream (`[DONE]` kept where it was). */
export function onStreamEvents(fetch: FetchLike, change: (events: Record<string, unknown>[], request: SeenRequest) => Record<string, unknown>[]): FetchLike {
  return onSse(fetch, (data, request) => {
    const done = data.includes('[DONE]');
    const events = data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as Record<string, unknown>);
    return [...change(events, request).map((e) => JSON.stringify(e)), ...(done ? ['[DONE]'] : [])];
  });
}

/** Is this a JSON object body (a Responses or video request)? */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Delete `cache_control` from every content part of a list of messages or input items (a gateway that drops the directive unread). */
export function dropPartCacheControl(items: unknown): void {
  if (!Array.isArray(items)) return;
  for (const item of items) {
    if (!isObject(item) || !Array.isArray(item.content)) continue;
    for (const part of item.content) if (isObject(part)) delete part.cache_control;
  }
}
