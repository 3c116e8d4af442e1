import { describe, expect, it } from 'vitest';
import { createGateway, virtualClock, type Gateway } from '../src/index.ts';
import { setupServer } from 'msw/node';
import { startServer } from '../src/adapter/node/create-server.ts';

/**
 * `fastPaths: false` (docs/decisions/0085-fast-paths-behind-one-seam.md) turns every memo and
 * shortcut off; the answers must not change by a byte. Two gateways, one each way, get the same
 * requests on their virtual clocks, each sent three times (the answer memo learns an answer from
 * its first two and gives it from the third), across every text surface, JSON and streams, with
 * the route, plan and parse shortcuts in play and requests no memo may hold.
 */

const KEY = 'sk-gw-test';
const MODEL = 'openai/gpt-4o-mini';

interface Call {
  readonly path: string;
  readonly init?: RequestInit;
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Call => ({
  path,
  init: { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
});
const get = (path: string): Call => ({ path, init: { headers: { authorization: `Bearer ${KEY}` } } });

const weatherTool = { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const chat = (stream: boolean) => ({ model: MODEL, messages: [{ role: 'user', content: 'Name three rivers.' }], ...(stream ? { stream } : {}) });
const messages = (stream: boolean) => ({
  model: MODEL,
  max_tokens: 64,
  messages: [{ role: 'user', content: 'Name three lakes.' }],
  ...(stream ? { stream } : {}),
});

const CALLS: readonly Call[] = [
  // The plain-body reader, the answer, plan and route memos.
  post('/responses', { model: MODEL, input: 'Tell me about tides.' }),
  post('/responses', { model: MODEL, input: 'Stream about tides.', stream: true }),
  post('/responses', { model: MODEL, input: 'Be brief.', instructions: 'Short.', max_output_tokens: 16, temperature: 0.5, top_p: 1 }),
  post('/responses', { model: 'anthropic/claude-sonnet-4.5', input: [{ role: 'user', content: 'Lists please.' }] }, { 'x-gateway-metadata': 'enabled' }),
  post('/responses', { model: MODEL, input: 'Route me.', provider: { sort: 'price' } }, { 'x-gateway-metadata': 'enabled' }),
  post('/responses', { model: 'gateway/auto', input: 'Pick a model.' }, { 'x-gateway-metadata': 'enabled' }),
  // Requests no memo may hold: tools, a session, simulation headers, a reasoning model.
  post('/responses', { model: MODEL, input: 'Weather in Oslo?', tools: [weatherTool] }),
  post('/responses', { model: MODEL, input: 'Stick.', session_id: 'fast-paths' }, { 'x-gateway-metadata': 'enabled' }),
  post('/responses', { model: MODEL, input: 'Chunks.', stream: true }, { 'x-gatewaykit-chunking': 'random' }),
  post('/responses', { model: 'openai/gpt-5', input: 'Why?', reasoning: { effort: 'low' }, stream: true }),
  // Refusals: the schema's 400 and the 422 of a request that contradicts itself.
  post('/responses', { model: MODEL, input: 5, temperature: 9 }),
  post('/responses', { model: MODEL, input: 'x', tool_choice: 'required' }),
  // The other surfaces.
  post('/chat/completions', chat(false)),
  post('/chat/completions', chat(true)),
  post('/messages', messages(false)),
  post('/messages', messages(true)),
  post('/embeddings', { model: 'openai/text-embedding-3-small', input: ['alpha', 'beta'] }),
  get('/models'),
  get('/key'),
];

/** Status, headers (sorted) and body of one answer, the chunk sizes of a stream read in process. */
async function answerText(res: Response, chunks: boolean): Promise<string> {
  const sizes: number[] = [];
  const parts: Uint8Array[] = [];
  const reader = res.body?.getReader();
  for (;;) {
    const read = await reader?.read();
    if (!read || read.done) break;
    sizes.push(read.value.byteLength);
    parts.push(read.value);
  }
  const headers = [...res.headers.entries()].filter(([name]) => name !== 'date' && name !== 'keep-alive').map(([n, v]) => `${n}: ${v}`);
  return [`${res.status}`, ...headers.sort(), ...(chunks ? [`chunks: ${sizes.join(',')}`] : []), Buffer.concat(parts).toString('utf8')].join('\n');
}

/** Every call three times in a row (the memo's keys hold the clock's second), then the clock moves on. */
async function run(gateway: Gateway, send: (call: Call) => Promise<Response>, chunks: boolean): Promise<string[]> {
  const out: string[] = [];
  for (const call of CALLS) {
    for (let round = 0; round < 3; round++) out.push(`${call.path} #${round}\n${await answerText(await send(call), chunks)}`);
    await gateway.control.advanceClock(250);
  }
  return out;
}

/** The memo's counts as the gateway's metrics report them. */
async function memoCounts(gateway: Gateway): Promise<{ consulted: number; replayed: number }> {
  const text = await (await gateway.fetch('/__gatewaykit/metrics')).text();
  const count = (outcome: string) => Number(new RegExp(`^gatewaykit_answer_memo_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
  return { consulted: count('consulted'), replayed: count('replayed') };
}

const options = (fastPaths: boolean) => ({ seed: 11, clock: virtualClock(), catalog: 'small' as const, fastPaths });

describe('fastPaths: true and false give the same bytes', () => {
  it('in process (gateway.fetch, with a Request object too): answers, journal and chunking alike', async () => {
    const [fast, slow] = [createGateway(options(true)), createGateway(options(false))];
    const send = (gateway: Gateway) => (call: Call) =>
      call.path === '/models' ? gateway.fetch(new Request(`${gateway.baseUrl}${call.path}`, call.init)) : gateway.fetch(call.path, call.init);
    const fastAnswers = await run(fast, send(fast), true);
    const slowAnswers = await run(slow, send(slow), true);
    expect(slowAnswers).toEqual(fastAnswers);
    expect(JSON.stringify(slow.requests())).toBe(JSON.stringify(fast.requests()));
    // The memo was at work on one and never asked on the other.
    expect((await memoCounts(fast)).replayed).toBeGreaterThan(0);
    expect(await memoCounts(slow)).toEqual({ consulted: 0, replayed: 0 });
  });

  it('over node:http', async () => {
    const [fast, slow] = await Promise.all([startServer({ ...options(true), port: 0 }), startServer({ ...options(false), port: 0 })]);
    try {
      const send = (baseUrl: string) => (call: Call) => fetch(`${baseUrl}${call.path}`, call.init);
      const fastAnswers = await run(fast.gateway, send(fast.baseUrl), false);
      const slowAnswers = await run(slow.gateway, send(slow.baseUrl), false);
      expect(slowAnswers).toEqual(fastAnswers);
      expect((await memoCounts(fast.gateway)).replayed).toBeGreaterThan(0);
      expect(await memoCounts(slow.gateway)).toEqual({ consulted: 0, replayed: 0 });
    } finally {
      await Promise.all([fast.close(), slow.close()]);
    }
  });
});

describe('fastPaths: true and false through msw', () => {
  it('answers alike with the light answers and with ordinary Fetch Responses', async () => {
    const fast = createGateway({ ...options(true), baseUrl: 'http://fast.test/api/v1' });
    const slow = createGateway({ ...options(false), baseUrl: 'http://slow.test/api/v1' });
    const server = setupServer(...fast.handlers, ...slow.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const send = (gateway: Gateway) => (call: Call) => fetch(`${gateway.baseUrl}${call.path}`, call.init);
      const fastAnswers = await run(fast, send(fast), false);
      const slowAnswers = await run(slow, send(slow), false);
      expect(slowAnswers).toEqual(fastAnswers);
      expect((await memoCounts(fast)).replayed).toBeGreaterThan(0);
      expect(await memoCounts(slow)).toEqual({ consulted: 0, replayed: 0 });
    } finally {
      server.close();
    }
  });
});
