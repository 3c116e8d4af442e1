import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { LOGPROB_ENTRY_LIMIT } from '../../src/operations/chat/logprob-bound.ts';

/**
 * Bounded work per answer (issue 40 item 1, docs/decisions/0062-bounded-work-per-answer.md). Chat
 * `logprobs` multiply the rendered answer by 1 + `top_logprobs`: a 329-byte request made a 172 MB
 * answer, and a random-character pattern ran for a minute, ended in a 500 (RangeError) and was
 * charged. Now both are a 400 naming the field before anything is rendered, and cost nothing.
 * Every surface's largest answer stays under the stated size.
 */
const MODEL = 'google/gemini-2.5-flash';
/** The model with the largest output ceiling of the default catalogue: the longest replies. */
const LONGEST = 'minimax/minimax-01';
/** The stated bound on any rendered answer, JSON or a whole stream (decision 0062). */
const ANSWER_BYTES_BOUND = 64 * 1024 * 1024;
const KEY = 'sk-bounds';

const longString = { type: 'object', properties: { a: { type: 'string', minLength: 1_000_000 } }, required: ['a'] };
const randomCharacters = {
  type: 'object',
  properties: { a: { type: 'array', minItems: 9000, items: { type: 'string', pattern: '^[\\s\\S]{100}$' } } },
  required: ['a'],
};

function fresh(bugs: unknown[] = []): Gateway {
  return createGateway({ clock: virtualClock(), keys: [{ key: KEY }], onError: (e) => bugs.push(e) });
}

async function post(gateway: Gateway, path: string, body: unknown): Promise<Response> {
  return gateway.fetch(path, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function usage(gateway: Gateway): Promise<number> {
  const res = await gateway.fetch('/key', { headers: { authorization: `Bearer ${KEY}` } });
  return ((await res.json()) as { data: { usage: number } }).data.usage;
}

const logprobsAttack = (schema: unknown, extra: Record<string, unknown> = {}) => ({
  model: MODEL,
  messages: [{ role: 'user', content: 'x' }],
  logprobs: true,
  top_logprobs: 20,
  response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
  ...extra,
});

describe('limits: chat logprobs are bounded before they are rendered', () => {
  it.each([
    ['a long structured answer (the 329-byte request that made 172 MB)', longString],
    ['a random-character pattern (ran a minute, then a 500, and was charged)', randomCharacters],
  ])(
    '%s: a 400 naming top_logprobs, nothing charged, nothing recorded',
    async (_name, schema) => {
      const bugs: unknown[] = [];
      const gateway = fresh(bugs);
      const res = await post(gateway, '/chat/completions', logprobsAttack(schema));
      expect(JSON.stringify(logprobsAttack(schema)).length).toBeLessThan(400);
      expect(res.status).toBe(400);
      const message = ((await res.json()) as { error: { message: string } }).error.message;
      expect(message).toMatch(/^top_logprobs: /);
      expect(message).toContain(String(LOGPROB_ENTRY_LIMIT));
      expect(message).toContain('max_tokens');
      expect(bugs).toEqual([]);
      expect(await usage(gateway)).toBe(0);
      const id = res.headers.get('x-generation-id');
      if (id) expect((await gateway.fetch(`/generation?id=${id}`, { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(404);
    },
    60_000,
  );

  it('a max_tokens whose log probabilities pass the bound is refused up front, naming the fields', async () => {
    const gateway = fresh();
    const res = await post(gateway, '/chat/completions', logprobsAttack(longString, { max_completion_tokens: 100_000 }));
    expect(res.status).toBe(400);
    const message = ((await res.json()) as { error: { message: string } }).error.message;
    expect(message).toMatch(/^top_logprobs: .*max_completion_tokens × \(1 \+ top_logprobs\)/);
    expect(gateway.requests().at(-1)?.status).toBe(400);
    expect(await usage(gateway)).toBe(0);
  });

  it('at the bound, the answer is made: every token with its alternatives, within the entry limit and the answer bound', async () => {
    const gateway = fresh();
    const cap = Math.floor(LOGPROB_ENTRY_LIMIT / 21);
    const res = await post(gateway, '/chat/completions', logprobsAttack(longString, { max_tokens: cap }));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeLessThan(ANSWER_BYTES_BOUND);
    const body = JSON.parse(text) as { choices: Array<{ finish_reason: string; logprobs: { content: Array<{ top_logprobs: unknown[] }> } }> };
    const entries = body.choices[0]!.logprobs.content.reduce((n, t) => n + 1 + t.top_logprobs.length, 0);
    expect(body.choices[0]!.finish_reason).toBe('length');
    expect(entries).toBeGreaterThan(LOGPROB_ENTRY_LIMIT / 2);
    expect(entries).toBeLessThanOrEqual(LOGPROB_ENTRY_LIMIT);
    expect(await usage(gateway)).toBeGreaterThan(0);
  }, 60_000);

  it('a short reply is never refused for the budget it did not set', async () => {
    const res = await post(fresh(), '/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'Hi' }], logprobs: true, top_logprobs: 20 });
    expect(res.status).toBe(200);
  });
});

describe('limits: the largest answer of every surface stays under the stated size', () => {
  const gateway = createGateway({ clock: virtualClock(), keys: [{ key: KEY }] });
  const cases: Array<[string, string, Record<string, unknown>]> = [
    [
      'chat',
      '/chat/completions',
      { model: LONGEST, messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_schema', json_schema: { name: 'x', schema: longString } } },
    ],
    ['responses', '/responses', { model: LONGEST, input: 'x', text: { format: { type: 'json_schema', name: 'x', schema: longString } } }],
    [
      'messages',
      '/messages',
      {
        model: 'anthropic/claude-sonnet-4.5',
        max_tokens: 64_000,
        messages: [{ role: 'user', content: 'x' }],
        output_config: { format: { type: 'json_schema', schema: longString } },
      },
    ],
  ];
  it.each(cases.flatMap(([name, path, body]) => [[`${name} JSON`, path, body] as const, [`${name} stream`, path, { ...body, stream: true }] as const]))(
    '%s: a 1 MiB structured answer',
    async (_name, path, body) => {
      const res = await post(gateway, path, body);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.length).toBeGreaterThan(100_000);
      expect(text.length).toBeLessThan(ANSWER_BYTES_BOUND);
    },
    60_000,
  );
});
