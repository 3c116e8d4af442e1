/** An error as vitest keeps it (serialized): a message and possibly a chain of causes. */
interface SerializedError {
  message?: unknown;
  code?: unknown;
  hostname?: unknown;
  cause?: unknown;
}

/**
 * Why a test failed when a client's request never reached the in-process gateway: the client
 * captured `fetch` before msw replaced it (an openai client built before `server.listen()`), so
 * its request went to the real network, where the fixture's `*.gateway.test` host does not exist
 * (RFC 6761 reserves `.test`). Found from a DNS failure for `host` anywhere in an error's causes;
 * undefined for any other failure.
 *
 * @example
 * bypassedFetchHint(task.result.errors, 't1a2b.gateway.test'); // 'gatewaykit: ... ENOTFOUND ...' or undefined
 */
export function bypassedFetchHint(errors: readonly unknown[] | undefined, host: string): string | undefined {
  for (const error of errors ?? []) {
    let e = error as SerializedError | undefined;
    for (let depth = 0; e && typeof e === 'object' && depth < 16; depth++, e = e.cause as SerializedError | undefined) {
      const dnsFailure = e.code === 'ENOTFOUND' || (typeof e.message === 'string' && e.message.includes('ENOTFOUND'));
      const ours = e.hostname === host || (typeof e.message === 'string' && e.message.includes(host));
      if (dnsFailure && ours) {
        return (
          `gatewaykit: a request to ${host} went to the real network (ENOTFOUND) instead of the in-process gateway. ` +
          'The client captured fetch before msw started intercepting it: an openai (or other) client built before ' +
          '`server.listen()` (at module load, or in a beforeAll that runs first) keeps the original fetch. ' +
          'Build the client inside the test, from gateway.baseUrl, after the gateway fixture is set up; or pass ' +
          '`fetch: (...args) => globalThis.fetch(...args)` so it looks fetch up at call time; or use createGatewayTest({ mode: "http" }).'
        );
      }
    }
  }
  return undefined;
}
