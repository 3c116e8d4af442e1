import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../clock/virtual-clock.ts';
import { createGateway } from '../gateway/create-gateway.ts';
import { gatewayInternals } from '../gateway/gateway-internals.ts';
import { createDispatcher } from '../http/dispatch.ts';
import { createScriptRegistry } from '../scripts/script-registry.ts';
import { operationRoutes } from '../operations/operation.ts';
import { chatOperation } from '../operations/chat/operation.ts';
import { messagesOperation } from '../operations/messages/operation.ts';
import { responsesOperation } from '../operations/responses/operation.ts';
import { fillTemplate, fillText, makeTemplate, textTemplate } from './answer-template.ts';
import { createEngine } from './create-engine.ts';

const BASE = 'http://memo.test/api/v1';

/** A gateway whose text surfaces run on an engine of our own, with or without the answer memo. */
function world(answersKept: number | undefined) {
  const gateway = createGateway({ baseUrl: BASE, clock: virtualClock(), catalog: 'small' });
  const env = gatewayInternals(gateway);
  if (!env) throw new Error('no internals');
  const scripts = createScriptRegistry();
  env.onReset(() => scripts.reset());
  const engine = createEngine(env, scripts, answersKept === undefined ? {} : { answersKept });
  const parts = { env, engine, videos: gateway.videos };
  const dispatch = createDispatcher(
    env,
    [responsesOperation, chatOperation, messagesOperation].flatMap((operation) => operationRoutes(operation, parts)),
  );
  return { gateway, env, engine, scripts, dispatch };
}
type World = ReturnType<typeof world>;

const TEXTS = ['Write one sentence about the sea.', 'How do I water basil?', 'hello'];

/** Request bodies of every surface: plain ones (remembered) and ones with state or per-answer work (never). */
function body(surface: 'responses' | 'chat' | 'messages', variant: number, text: string, stream: boolean): unknown {
  const model = variant === 1 ? 'openai/gpt-5-mini' : 'openai/gpt-4o-mini';
  const extra: Record<string, unknown> =
    variant === 2
      ? { max_output_tokens: 20 }
      : variant === 3
        ? { session_id: 'sess-1' }
        : variant === 4
          ? { include: ['reasoning.encrypted_content'] }
          : variant === 5
            ? { tools: [{ type: 'openai:web_search' }] }
            : {};
  if (surface === 'responses') return { model, input: text, ...(stream ? { stream } : {}), ...extra };
  if (surface === 'chat')
    return {
      model,
      messages: [{ role: 'user', content: text }],
      ...(stream ? { stream, stream_options: { include_usage: variant === 2 } } : {}),
      ...(variant === 3 ? { session_id: 'sess-1' } : {}),
    };
  return {
    model,
    max_tokens: variant === 2 ? 20 : 512,
    messages: [{ role: 'user', content: text }],
    ...(stream ? { stream } : {}),
    ...(variant === 4 ? { stop_sequences: ['the'] } : {}),
  };
}

const command = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      surface: fc.constantFrom('responses' as const, 'chat' as const, 'messages' as const),
      variant: fc.constantFrom(0, 0, 0, 1, 2, 3, 4, 5),
      text: fc.constantFrom(...TEXTS),
      stream: fc.boolean(),
      metadata: fc.constantFrom(false, false, true),
      header: fc.constantFrom('none', 'none', 'none', 'session', 'chunking', 'cut', 'realistic', 'referer'),
      times: fc.integer({ min: 1, max: 5 }),
    }),
  },
  // The last request again, after whatever changed since: what a stale memory would answer wrongly.
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('again' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fault' as const), count: fc.integer({ min: 1, max: 2 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('script' as const),
      text: fc.constantFrom(undefined, ...TEXTS),
      times: fc.constantFrom(1, 2, undefined, undefined),
      onHeader: fc.constantFrom(false, false, true),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unscript' as const), index: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.constantFrom(300, 1500) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('credits' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const) }) },
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

const PATHS = { responses: '/responses', chat: '/chat/completions', messages: '/messages' } as const;
const HEADERS: Record<string, Record<string, string>> = {
  none: {},
  session: { 'x-session-id': 'sticky' },
  chunking: { 'x-gatewaykit-chunking': 'random' },
  cut: { 'x-gatewaykit-fault': 'stream-cut' },
  realistic: { 'x-gatewaykit-timing': 'realistic' },
  referer: { 'http-referer': 'https://app.example' },
};

/** One request: what the client sees, and the generation record it left. */
async function send(w: World, c: Extract<Command, { kind: 'request' }>, headers: Record<string, string>): Promise<unknown> {
  const res = await w.dispatch(
    new Request(`${BASE}${PATHS[c.surface]}`, { method: 'POST', headers, body: JSON.stringify(body(c.surface, c.variant, c.text, c.stream)) }),
  );
  const seen: Array<[string, string]> = [];
  res.headers.forEach((v, k) => seen.push([k, v]));
  const id = res.headers.get('x-generation-id');
  return { status: res.status, headers: seen, text: await res.text(), generation: id ? (w.env.account.generation(id) ?? null) : null };
}

/** What a client and the control API can see after one command. */
async function run(w: World, command: Command, last: { request?: Extract<Command, { kind: 'request' }> }): Promise<unknown> {
  const c = command.kind === 'again' ? (last.request ?? { kind: 'again' as const }) : command;
  switch (c.kind) {
    case 'again':
      return null;
    case 'request': {
      last.request = c;
      const headers: Record<string, string> = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json', ...HEADERS[c.header] };
      if (c.metadata) headers['x-gatewaykit-metadata'] = 'enabled';
      // Realistic timing waits on the virtual clock: not here.
      if (c.header === 'realistic') return null;
      const seen: unknown[] = [];
      for (let i = 0; i < c.times; i++) seen.push(await send(w, c, headers));
      return seen;
    }
    case 'fault':
      return w.env.providerFaults.set('openai', 503, c.count);
    case 'script': {
      // By default a rule for the last request's text: the rule most likely to change an answer.
      const text = c.text ?? last.request?.text ?? 'hello';
      return w.scripts.add({
        match: c.onHeader ? { headers: { 'http-referer': 'https://app.example' } } : { input: text },
        reply: { type: 'text', text: `Scripted for ${text}` },
        ...(c.times ? { times: c.times } : {}),
      }).id;
    }
    case 'unscript': {
      const entry = w.scripts.list()[c.index];
      return entry ? w.scripts.remove(entry.id) : null;
    }
    case 'tick':
      await w.gateway.control.advanceClock(c.ms);
      return w.gateway.control.now();
    case 'credits':
      return w.gateway.control.credits();
    case 'reset':
      w.gateway.control.reset();
      return null;
  }
}

const plainRequest = (header: 'none' | 'referer', times = 3): Command => ({
  kind: 'request',
  surface: 'responses',
  variant: 0,
  text: TEXTS[0] as string,
  stream: false,
  metadata: false,
  header,
  times,
});
/** Sequences where a memory that missed a change would answer wrongly: each ends in a request answered once before. */
const DANGERS: Command[][] = [
  [plainRequest('none'), { kind: 'script', text: undefined, times: undefined, onHeader: false }, { kind: 'again' }],
  [plainRequest('referer'), { kind: 'script', text: undefined, times: undefined, onHeader: true }, { kind: 'again' }],
  [{ kind: 'script', text: undefined, times: undefined, onHeader: true }, plainRequest('none'), plainRequest('referer', 1)],
  [plainRequest('none', 1), { kind: 'script', text: undefined, times: 2, onHeader: false }, plainRequest('none', 4)],
  [
    plainRequest('none'),
    { kind: 'script', text: undefined, times: undefined, onHeader: false },
    { kind: 'again' },
    { kind: 'unscript', index: 0 },
    { kind: 'again' },
  ],
  [plainRequest('none'), { kind: 'fault', count: 1 }, { kind: 'again' }],
  [plainRequest('none'), { kind: 'tick', ms: 1500 }, { kind: 'again' }, { kind: 'reset' }, { kind: 'again' }],
  [plainRequest('none'), { kind: 'again' }, { kind: 'credits' }],
];

describe('answer memo', () => {
  it('answers every sequence of requests and control changes exactly as a gateway without it (bytes, records, journal, usage)', async () => {
    let replayed = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 40 }), async (commands) => {
        const memo = world(undefined);
        const plain = world(0);
        const lastMemo = {};
        const lastPlain = {};
        for (const c of commands) expect(await run(memo, c, lastMemo)).toEqual(await run(plain, c, lastPlain));
        expect(memo.env.journal.list()).toEqual(plain.env.journal.list());
        expect(memo.gateway.control.credits()).toEqual(plain.gateway.control.credits());
        const key = memo.env.keys[0];
        if (key) expect(memo.env.account.keyUsage(key)).toEqual(plain.env.account.keyUsage(key));
        replayed += memo.engine.answers.stats().replayed;
        expect(plain.engine.answers.stats()).toEqual({ replayed: 0, kept: 0 });
      }),
      { numRuns: 80, seed: 28, examples: DANGERS.map((d) => [d]) },
    );
    // The property is not vacuous: many answers came from the memo.
    expect(replayed).toBeGreaterThan(50);
    // 80 sequences on two gateways: about 10 s on an idle machine, several times that under load.
  }, 180_000);

  it('replays a plain request on every surface, JSON and SSE, after one checked repeat', async () => {
    const w = world(undefined);
    for (const surface of ['responses', 'chat', 'messages'] as const) {
      for (const stream of [false, true]) {
        const before = w.engine.answers.stats().replayed;
        const texts: string[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await w.dispatch(
            new Request(`${BASE}${PATHS[surface]}`, {
              method: 'POST',
              headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
              body: JSON.stringify(body(surface, 0, TEXTS[0] as string, stream)),
            }),
          );
          expect(res.status).toBe(200);
          texts.push(await res.text());
        }
        // The first answer is made, the second made and checked, the next two replayed.
        expect(w.engine.answers.stats().replayed - before).toBe(2);
        expect(new Set(texts).size).toBe(4);
      }
    }
  });

  it('forgets the least recently answered request first when full', async () => {
    const w = world(2);
    const send = async (text: string) => {
      const res = await w.dispatch(
        new Request(`${BASE}${PATHS.responses}`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
          body: JSON.stringify(body('responses', 0, text, false)),
        }),
      );
      expect(res.status).toBe(200);
      await res.text();
      return w.engine.answers.stats().replayed;
    };
    const [a, b, c] = TEXTS as [string, string, string];
    await send(a);
    await send(a);
    await send(b);
    await send(b);
    // a answered again: b is now the least recently answered, and goes when c comes.
    expect(await send(a)).toBe(1);
    await send(c);
    expect(await send(a)).toBe(2);
    expect(await send(b)).toBe(2);
    expect(w.engine.answers.stats().kept).toBe(2);
  });

  it('never remembers a request with a session, tools, or a script that is used up or matches headers', async () => {
    const w = world(undefined);
    const send = (b: unknown, headers: Record<string, string> = {}) =>
      w.dispatch(
        new Request(`${BASE}/responses`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json', ...headers },
          body: JSON.stringify(b),
        }),
      );
    for (let i = 0; i < 3; i++) await send(body('responses', 3, 'hello', false));
    for (let i = 0; i < 3; i++) await send(body('responses', 5, 'hello', false));
    for (let i = 0; i < 3; i++) await send(body('responses', 0, 'hello', false), { 'x-session-id': 's' });
    const once = w.scripts.add({ match: { input: 'nothing like this' }, reply: { type: 'text', text: 'x' }, times: 1 });
    for (let i = 0; i < 3; i++) await send(body('responses', 0, 'hello', false));
    once.remove();
    w.scripts.add({ match: { headers: { 'x-never': 'yes' } }, reply: { type: 'text', text: 'x' } });
    for (let i = 0; i < 3; i++) await send(body('responses', 0, 'hello', false));
    expect(w.engine.answers.stats().replayed).toBe(0);
  });

  it('remembers a scripted answer while the same scripts are in play, and forgets it when they change', async () => {
    const w = world(undefined);
    const send = async () =>
      (
        await w.dispatch(
          new Request(`${BASE}/responses`, {
            method: 'POST',
            headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
            body: JSON.stringify(body('responses', 0, 'hello', false)),
          }),
        )
      ).json() as Promise<{ output: Array<{ content?: Array<{ text: string }> }> }>;
    const text = (r: Awaited<ReturnType<typeof send>>) => r.output.at(-1)?.content?.[0]?.text;
    const first = w.scripts.add({ match: { input: 'hello' }, reply: { type: 'text', text: 'One.' } });
    for (let i = 0; i < 4; i++) expect(text(await send())).toBe('One.');
    expect(w.engine.answers.stats().replayed).toBe(2);
    first.remove();
    w.scripts.add({ match: { input: 'hello' }, reply: { type: 'text', text: 'Two.' } });
    expect(text(await send())).toBe('Two.');
  });
});

describe('answer template', () => {
  it('puts any values back where the first ones stood', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 5 }),
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9]{12}$/), { minLength: 1, maxLength: 3 }),
        (literals, values) => {
          fc.pre(literals.every((l) => values.every((v) => !l.includes(v))));
          const text = literals.map((l, i) => l + (values[i % values.length] as string)).join('');
          const others = values.map((v) => `${v}-other`);
          fc.pre(literals.join('').length > 0 || values.length > 0);
          const expected = literals.map((l, i) => l + (others[i % values.length] as string)).join('');
          expect(fillTemplate(makeTemplate(text, values), others)).toBe(expected);
        },
      ),
    );
  });

  it("knows a filled text's UTF-8 length, and past ASCII its UTF-8 as one-byte characters, exactly as an encoder gives them", () => {
    fc.assert(
      fc.property(
        // ASCII, two-byte, astral, and lone surrogate halves (no well-formed UTF-8 of their own).
        fc.array(fc.string({ unit: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 1 }), fc.constantFrom('é', '☕', '🙂', '\ud83d', '\udc00')) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9]{12}$/), { minLength: 1, maxLength: 3 }),
        (literals, values) => {
          fc.pre(literals.every((l) => values.every((v) => !l.includes(v))));
          const text = literals.map((l, i) => l + (values[i % values.length] as string)).join('');
          const others = values.map((v) => `gen-${v.slice(0, 4)}`);
          const template = textTemplate(makeTemplate(text, values));
          const filled = fillText(template, others);
          expect(filled.text).toBe(fillTemplate(template.text, others));
          const wellFormed = (filled.text as string & { isWellFormed(): boolean }).isWellFormed();
          const ascii = /^[\x00-\x7f]*$/.test(filled.text);
          // Known for every ASCII text and every well-formed one; a lone surrogate leaves the writers to encode.
          expect(filled.known !== undefined).toBe(ascii || wellFormed);
          if (!filled.known) return;
          expect(filled.known.utf8Length).toBe(Buffer.byteLength(filled.text, 'utf8'));
          expect(filled.known.latin1).toBe(ascii ? undefined : Buffer.from(filled.text, 'utf8').toString('latin1'));
        },
      ),
    );
  });
});
