import { connect } from 'node:net';
import { describe, it } from 'vitest';
import { virtualClock } from 'gatewaykit';
import { startServer } from 'gatewaykit/node';
import { expectGolden } from './expect-golden.ts';

/**
 * Golden bytes over the node:http adapter (the in-process golden, determinism.test.ts, never
 * crosses it). A fixed set of raw HTTP/1.1 messages goes over a socket to a server on a virtual
 * clock; everything that comes back is recorded as sent: the status line, every header in its
 * order and spelling, the chunked framing of streams. Only the Date header (wall clock) and the
 * port are replaced. A change to the adapter that changes no behaviour leaves the file untouched.
 *
 * When a change is MEANT to alter the bytes, re-record and review the diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/golden/node-adapter.test.ts
 */

const GOLDEN = new URL('./node-adapter.golden.txt', import.meta.url);
const KEY = 'sk-gw-test';

interface Step {
  name: string;
  /** The request head lines after the request line; `Host` and `Connection: close` are added. */
  method: string;
  target: string;
  headers?: string[];
  body?: string;
  /** Send no Host header at all. */
  noHost?: boolean;
}

const auth = [`Authorization: Bearer ${KEY}`, 'Content-Type: application/json'];
const post = (name: string, body: unknown, headers: string[] = []): Step => ({
  name,
  method: 'POST',
  target: '/api/v1/responses',
  headers: [...auth, ...headers],
  body: JSON.stringify(body),
});

const STEPS: Step[] = [
  post('json', { model: 'openai/gpt-4o-mini', input: 'Tell me about the sea.' }),
  post('stream', { model: 'openai/gpt-4o-mini', input: 'Stream about rivers.', stream: true }),
  post('stream, random chunking', { model: 'google/gemini-2.5-flash', input: 'Chunk this.', stream: true }, ['X-Gatewaykit-Chunking: random']),
  post('stream-error fault', { model: 'openai/gpt-4o-mini', input: 'hi', stream: true }, ['X-Gatewaykit-Fault: stream-error']),
  post('metadata, duplicate session headers', { model: 'openai/gpt-4o-mini', input: 'Route me.' }, [
    'X-Gateway-Metadata: enabled',
    'X-Session-Id: one',
    'x-session-id: two',
  ]),
  post('cors on a POST', { model: 'openai/gpt-4o-mini', input: 'cors' }, ['Origin: http://app.example']),
  post('validation error', { model: 'openai/gpt-4o-mini', input: 5, temperature: 9 }),
  post('forced 429', { model: 'openai/gpt-4o-mini', input: 'hi' }, ['X-Gatewaykit-Fault: 429']),
  { name: 'malformed json', method: 'POST', target: '/api/v1/responses', headers: auth, body: '{"model":' },
  {
    name: 'wrong content type',
    method: 'POST',
    target: '/api/v1/responses',
    headers: [`Authorization: Bearer ${KEY}`, 'Content-Type: text/plain'],
    body: 'hello',
  },
  { name: 'no key', method: 'POST', target: '/api/v1/responses', headers: ['Content-Type: application/json'], body: '{"input":"x"}' },
  { name: 'declared body too large', method: 'POST', target: '/api/v1/responses', headers: [...auth, 'Content-Length: 999999999999'] },
  { name: 'preflight', method: 'OPTIONS', target: '/api/v1/responses', headers: ['Origin: http://app.example', 'Access-Control-Request-Method: POST'] },
  { name: 'method not allowed', method: 'PUT', target: '/api/v1/responses', headers: auth, body: '{}' },
  { name: 'models with a query', method: 'GET', target: '/api/v1/models?supported_parameters=tools', headers: [`Authorization: Bearer ${KEY}`] },
  { name: 'unknown path', method: 'GET', target: '/elsewhere', headers: [`Authorization: Bearer ${KEY}`] },
  { name: 'double-slash target', method: 'GET', target: '//api/v1/models', headers: [`Authorization: Bearer ${KEY}`] },
  { name: 'missing host', method: 'GET', target: '/api/v1/models', headers: [`Authorization: Bearer ${KEY}`], noHost: true },
];

/** One request on its own connection; resolves with every byte the server sent until it closed. */
function exchange(port: number, step: Step): Promise<string> {
  const head = [`${step.method} ${step.target} HTTP/1.1`, ...(step.noHost ? [] : [`Host: 127.0.0.1:${port}`]), 'Connection: close', ...(step.headers ?? [])];
  const hasLength = (step.headers ?? []).some((h) => /^content-length:/i.test(h));
  if (step.body !== undefined && !hasLength) head.push(`Content-Length: ${Buffer.byteLength(step.body)}`);
  const message = `${head.join('\r\n')}\r\n\r\n${step.body ?? ''}`;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no end of answer for "${step.name}" within 10 s`)), 10_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', (e) => (clearTimeout(timer), reject(e)));
    socket.on('close', () => (clearTimeout(timer), resolve(Buffer.concat(chunks).toString('latin1'))));
    // write, not end: the connection stays open both ways, as ordinary clients keep it.
    socket.write(message);
  });
}

async function record(fastPaths: boolean): Promise<string> {
  const running = await startServer({ port: 0, seed: 42, clock: virtualClock(), catalog: 'small', fastPaths });
  try {
    const out: string[] = [];
    for (const step of STEPS) {
      const raw = await exchange(running.port, step);
      out.push(`### ${step.name}`, `${step.method} ${step.target}`, '');
      out.push(
        raw
          .replace(/^Date: .*$/im, 'Date: <date>')
          .replaceAll(String(running.port), '<port>')
          .replaceAll('\r\n', '\\r\\n\n'),
      );
      out.push('');
    }
    return out.join('\n');
  } finally {
    await running.close();
  }
}

// The fast paths change no byte (docs/decisions/0085-fast-paths-behind-one-seam.md): both ways hold the one golden file.
describe.each([true, false])('golden bytes over the node:http adapter (fastPaths: %s)', (fastPaths) => {
  it('answers raw HTTP messages with exactly the recorded bytes (UPDATE_GOLDEN=1 re-records)', async () => {
    await expectGolden(GOLDEN, () => record(fastPaths));
  });
});
