import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe as suite, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/adapter/node/create-server.ts';
import { bodyOf, rawExchange, statusOf } from '../limits/raw-http.ts';
import { envelopeProblems } from './check-response.ts';
import { askedForFailure, describe, fuzzRequestArb, type FuzzRequest } from './fuzz-request.ts';
import { fuzzSeed } from './fuzz-seed.ts';
import { runsFor } from '../support/runs.ts';

const RUNS = Number(process.env.FUZZ_PORT_RUNS ?? runsFor({ ci: 300, local: 100 }));
const RAW_RUNS = Number(process.env.FUZZ_RAW_RUNS ?? runsFor({ ci: 150, local: 50 }));

interface Answer {
  status: number;
  body: Uint8Array;
}

/** Send a fuzzed request with node:http (which, unlike fetch, sends bodies on GET). */
function send(port: number, spec: FuzzRequest, getBody: Uint8Array | undefined): Promise<Answer | 'refused-by-client' | 'closed'> {
  const url = new URL(`http://127.0.0.1:${port}${spec.pathAndQuery}`);
  const body = spec.body ?? getBody;
  return new Promise((resolve) => {
    let req;
    try {
      req = httpRequest({
        host: '127.0.0.1',
        port,
        method: spec.method,
        path: url.pathname + url.search,
        headers: ['host', `127.0.0.1:${port}`, ...spec.headers.flat(), ...(body ? ['content-length', String(body.byteLength)] : [])] as unknown as Record<
          string,
          string
        >,
        agent: false,
      });
    } catch {
      return resolve('refused-by-client'); // node:http refuses to send it (bad token, bad header)
    }
    req.setTimeout(20_000, () => req.destroy());
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: new Uint8Array(Buffer.concat(chunks)) }));
      res.on('error', () => resolve('closed'));
    });
    req.on('error', () => resolve('closed'));
    req.end(body ? Buffer.from(body) : undefined);
  });
}

/** Raw requests no HTTP client would send: the server answers 400-class or closes, never crashes. */
const RAW_CASES: readonly string[] = [
  'GARBAGE\r\n\r\n',
  '\r\n\r\n\r\n',
  'GET / HTTP/1.1\r\n\r\n',
  'GET /api/v1/models HTTP/9.9\r\nHost: x\r\n\r\n',
  'GET /api/v1/models HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
  'GET /api/v1/models HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked, identity\r\n\r\n0\r\n\r\n',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=' + 'e'.repeat(20_000) + '\r\nhello\r\n0\r\n\r\n',
  `GET /api/v1/models HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  `GET /api/v1/${'p'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/v1/models\r\n\r\n',
  'GET /api/v1/models HTTP/1.0\r\n\r\n',
  'G\u00e9T /api/v1/models HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET http://evil.test/api/v1/models HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET //evil.test/api/v1/models HTTP/1.1\r\nHost: x\r\n\r\n',
  'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n',
  'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/v1/models HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\nAuthorization: Bearer sk-gw-test\r\n\r\n{}',
  'GET /api/v1/models HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/nope HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/v1/models HTTP/1.1\r\nHost: x\r\n\r\nBROKEN\r\n\r\n',
  'POST /api/v1/responses HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"model":', // then the client closes
];

suite('fuzz: a real port', () => {
  let running: RunningServer;
  let port: number;
  const bugs: unknown[] = [];
  beforeAll(async () => {
    running = await startServer({ port: 0, requestTimeoutMs: 1_500, headersTimeoutMs: 1_000, keepAliveTimeoutMs: 200, onError: (e) => void bugs.push(e) });
    port = running.port;
  });
  afterAll(async () => running.close());

  it(`${RUNS} fuzzed requests over HTTP (bodies on GET included): no unasked 5xx, failures in the envelope`, async () => {
    const seed = fuzzSeed('real-port');
    const gateway = running.gateway;
    // POST /__gatewaykit/shutdown stops the server by design (a documented control route), not a crash.
    const ctx = {
      routes: gateway.routes.filter((route) => route.operation !== 'control.shutdown'),
      basePath: new URL(gateway.baseUrl).pathname,
      models: gateway.catalog.models.map((m) => m.id),
    };
    const outcomes = new Map<string, number>();
    const property = fc.asyncProperty(fuzzRequestArb(ctx), fc.boolean(), async (spec, bodyOnGet) => {
      // Over a socket the peer address is the real one; this fuzz is about HTTP, not the control API.
      const upper = spec.method.toUpperCase();
      const getBody = bodyOnGet && (upper === 'GET' || upper === 'HEAD') ? new TextEncoder().encode('{"model":"x","input":"hi"}') : undefined;
      if (spec.body && spec.body.byteLength > 2 * 1024 * 1024) return; // the 413 path has its own limit test
      const bugsBefore = bugs.length;
      const answer = await send(port, spec, getBody);
      const key = typeof answer === 'string' ? answer : String(answer.status);
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      const problems: string[] = [];
      if (bugs.length > bugsBefore) problems.push(`reportError called: ${String(bugs[bugs.length - 1])}`);
      if (typeof answer !== 'string') {
        if (answer.status >= 500 && !askedForFailure(spec) && Object.keys(gateway.control.providerFaults()).length === 0)
          problems.push(`unasked ${answer.status}`);
        problems.push(...envelopeProblems(answer.status, answer.body, spec.method, spec.pathAndQuery));
      }
      if (problems.length) throw new Error(`${problems.join('; ')}\n${describe(spec)}`);
    });
    await fc.assert(property, { numRuns: RUNS, seed });
    console.log(`[fuzz] real-port: ${RUNS} runs, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
  }, 120_000);

  it(`malformed raw HTTP (${RAW_CASES.length} fixed cases + ${RAW_RUNS} generated): a 4xx envelope or a closed connection, never a crash`, async () => {
    const seed = fuzzSeed('raw-http');
    const outcomes = new Map<string, number>();
    const check = async (raw: string | Uint8Array) => {
      const exchange = await rawExchange(port, typeof raw === 'string' ? Buffer.from(raw, 'latin1') : Buffer.from(raw), { timeoutMs: 10_000 });
      const status = statusOf(exchange.received);
      outcomes.set(String(status ?? 'closed'), (outcomes.get(String(status ?? 'closed')) ?? 0) + 1);
      // The server, not our time limit, ended every exchange (it answered and closed, or timed out the client).
      expect(exchange.closedByServer, JSON.stringify(String(raw).slice(0, 120))).toBe(true);
      if (status === undefined) return;
      expect(status, JSON.stringify(String(raw).slice(0, 120))).toBeLessThan(500);
      if (status >= 400)
        expect(envelopeProblems(status, new TextEncoder().encode(bodyOf(exchange.received)), 'GET'), JSON.stringify(String(raw).slice(0, 120))).toEqual([]);
    };
    for (const raw of RAW_CASES) await check(raw);
    const garbage = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 300 }),
      fc
        .tuple(
          fc.constantFrom('GET', 'POST', 'PUT', 'X', ''),
          fc.string({ maxLength: 40 }),
          fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2', 'HTTP/1.1x', ''),
          fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }),
          fc.string({ maxLength: 60 }),
        )
        .map(([m, p, v, hs, b]) => `${m} /${p} ${v}\r\nHost: x\r\n${hs.map((h) => `${h}\r\n`).join('')}\r\n${b}`),
    );
    await fc.assert(
      fc.asyncProperty(garbage, async (raw) => void (await check(raw))),
      { numRuns: RAW_RUNS, seed },
    );
    // Still alive and serving.
    const res = await fetch(`${running.baseUrl}/models`, { headers: { authorization: 'Bearer sk-gw-test' } });
    expect(res.status).toBe(200);
    expect(bugs).toEqual([]);
    console.log(`[fuzz] raw-http: outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
    // A hang bound: 10,000 requests in CI share the machine with the whole suite.
  }, 900_000);
});
