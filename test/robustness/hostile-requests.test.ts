import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';
import { spawnServer, type ChildServer } from '../limits/spawn-server.ts';

/**
 * The robustness suite, requests part: each input below once crashed or stalled a server (issue
 * F-items). Each is sent to a real server process; the test asserts an answer within a bound (a
 * safety bound against hangs, not a speed target: the bench measures speed) and a live server
 * afterwards, which answers an ordinary request at once.
 */
vi.setConfig({ testTimeout: 3 * 60_000 });

let server: ChildServer;
beforeAll(async () => {
  server = await spawnServer();
}, 30_000);
afterAll(() => server?.stop());

const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
// A bound against a hang, not a speed target (the bench measures speed): generous for a loaded machine.
const BOUND_MS = 60_000;

async function send(body: unknown): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/responses`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(BOUND_MS),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), ms: performance.now() - started };
}

async function expectAlive(): Promise<void> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/models`, { headers, signal: AbortSignal.timeout(BOUND_MS) });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  expect(server.bugs).toEqual([]);
}

const forcedTool = (parameters: unknown) => ({
  model: 'openai/gpt-4o-mini',
  input: 'go',
  tools: [{ type: 'function', name: 'f', parameters }],
  tool_choice: { type: 'function', name: 'f' },
});

describe('robustness: hostile requests against a real server', () => {
  // F1: the 247-byte request grew the process to 4.3 GB and V8 aborted; the others blocked for tens of seconds.
  it.each([
    [
      'minLength 1e9',
      { type: 'object', properties: { a: { type: 'string', minLength: 1e9 } }, required: ['a'] },
      /tools\[0\]\.parameters\.properties\.a\.minLength/,
    ],
    ['minItems 1e9', { type: 'object', properties: { a: { type: 'array', minItems: 1e9 } }, required: ['a'] }, /properties\.a\.minItems/],
    [
      '40 required members of $ref #',
      {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, { $ref: '#' }])),
        required: Array.from({ length: 40 }, (_, i) => `p${i}`),
      },
      /deeper than 64 levels/,
    ],
    [
      'a self-recursive $defs array with minItems 100',
      {
        $defs: { n: { type: 'array', minItems: 100, items: { $ref: '#/$defs/n' } } },
        type: 'object',
        properties: { n: { $ref: '#/$defs/n' } },
        required: ['n'],
      },
      /tools\[0\]\.parameters/,
    ],
    ['minProperties 1e5', { type: 'object', minProperties: 1e5 }, /minProperties 100000/],
    ['pattern a{1000000000}', { type: 'object', properties: { a: { type: 'string', pattern: 'a{1000000000}' } }, required: ['a'] }, /properties\.a\.pattern/],
  ])('F1 %s: a 422 naming the schema path, and the server lives', async (_name, parameters, message) => {
    const res = await send(forcedTool(parameters));
    expect(res.status).toBe(422);
    expect(ErrorBodySchema.parse(res.body).error.message).toMatch(message);
    await expectAlive();
  });

  // F2: no answer within 30 s, and every other client stalled.
  it('F2 a glob of many stars in allowed_models is answered at once', async () => {
    for (const pattern of ['************!', `${'*a'.repeat(500)}!`, `${'*'.repeat(10_000)}x!`]) {
      const res = await send({ input: 'hello', plugins: [{ id: 'auto-router', allowed_models: [pattern] }] });
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(ErrorBodySchema.safeParse(res.body).success).toBe(true);
      expect(res.ms).toBeLessThan(BOUND_MS);
    }
    const ok = await send({ input: 'hello', plugins: [{ id: 'auto-router', allowed_models: ['*gpt*mini*'] }] });
    expect(ok.status).toBe(200);
    await expectAlive();
  });

  // F10: a 500 "Maximum call stack size exceeded".
  it('F10 6,000,000 non-whitespace characters: an answer in the envelope', async () => {
    const res = await send({ model: 'openai/gpt-5-mini', input: 'x'.repeat(6_000_000) });
    expect(res.status).toBe(400);
    expect(ErrorBodySchema.parse(res.body).error.message).toMatch(/context length/);
    await expectAlive();
  });

  it('issue 25.11 a strict json_schema requiring __proto__, constructor and toString gets them as own members', async () => {
    const schema = {
      type: 'object',
      properties: { __proto__: { type: 'string' }, constructor: { type: 'integer' }, toString: { type: 'boolean' } },
      required: ['__proto__', 'constructor', 'toString'],
      additionalProperties: false,
    };
    // Written by hand: an object literal's __proto__ would set its prototype, not a member.
    const body = `{"model":"openai/gpt-4o-mini","input":"x","text":{"format":{"type":"json_schema","name":"p","strict":true,"schema":${JSON.stringify(schema).replace('"properties":{', '"properties":{"__proto__":{"type":"string"},')}}}}`;
    const res = await send(body);
    expect(res.status).toBe(200);
    const output = (res.body as { output: Array<{ type: string; content?: Array<{ text?: string }> }> }).output;
    const text = output.find((o) => o.type === 'message')!.content![0]!.text!;
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(value).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(typeof value.constructor).toBe('number');
    expect(typeof Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('string');
    await expectAlive();
  });
});
