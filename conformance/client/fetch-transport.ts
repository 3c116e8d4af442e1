import type { FetchLike, Transport } from './transport.ts';

async function* readAll(body: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * A transport over a Fetch API function: the global fetch (browsers, other runtimes) or one given
 * by the caller (`gateway.fetch` in-process, a recording wrapper, a mutant).
 *
 * @example
 * const transport = fetchTransport(gateway.fetch);
 */
export function fetchTransport(fetchFn: FetchLike): Transport {
  return async (url, { method, headers, body, signal }) => {
    const response = await fetchFn(url, { method, headers, body: body as BodyInit | undefined, signal });
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name.toLowerCase()] = value;
    });
    return { status: response.status, headers: responseHeaders, body: response.body ? readAll(response.body) : undefined };
  };
}
