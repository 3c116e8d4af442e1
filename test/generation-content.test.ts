import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { GenerationContentResponseSchema } from '../src/schemas/generation-content.ts';
import { referenceResponseValidator } from './support/reference-schema.ts';
import { TARGET_KINDS, jsonHeaders, startTarget, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ErrorBodySchema.parse(body).error.message;
}

describe.each(TARGET_KINDS)('GET /generation/content and POST /generation/feedback (%s)', (kind) => {
  let target: Target;
  const post = (path: string, body: unknown, key?: string) => target.fetch(path, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });
  const content = (id: string) => target.fetch(`/generation/content?id=${encodeURIComponent(id)}`, { headers: { authorization: 'Bearer sk-gw-test' } });

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), catalog: 'small', generationsLimit: 3 });
  });
  beforeEach(() => target.gateway.control.reset());
  afterAll(() => target.close());

  it("keeps a chat answer's prompt and completion, valid for the reference schema", async () => {
    const answer = await (
      await post('/chat/completions', {
        model: MODEL,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'What is the meaning of life?' },
        ],
      })
    ).json();
    const res = await content(answer.id);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const valid = referenceResponseValidator('get', '/generation/content', '200');
    expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
    GenerationContentResponseSchema.strict().parse(body);
    expect(body.data.input.messages.at(-1)).toEqual({ role: 'user', content: 'What is the meaning of life?' });
    expect(body.data.output).toEqual({ completion: answer.choices[0].message.content, reasoning: null });
    expect(body.data.error).toBeNull();
  });

  it('/responses instructions come first as the system message; a failed generation keeps its error; past the limit the oldest is forgotten', async () => {
    const res = await post('/responses', { model: MODEL, instructions: 'Answer in one word.', input: 'Colour of the sky?' });
    const id = res.headers.get('x-generation-id')!;
    const stored = (await (await content(id)).json()).data;
    expect(stored.input.messages).toEqual([
      { role: 'system', content: 'Answer in one word.' },
      { role: 'user', content: 'Colour of the sky?' },
    ]);
    expect(stored.output.completion).toBe((await res.json()).output.find((i: { type: string }) => i.type === 'message').content[0].text);

    const failed = await post('/responses', { model: MODEL, input: 'Hello', provider: { only: ['nobody-provides-this'] } });
    expect(failed.status).toBe(404);
    const failure = await (await content(failed.headers.get('x-generation-id')!)).json();
    expect(referenceResponseValidator('get', '/generation/content', '200')(failure)).toBe(true);
    expect(failure.data).toMatchObject({ output: { completion: null, reasoning: null }, error: { status: 404, previous_errors: [] } });
    expect(failure.data.error.message).toContain('No endpoints');

    for (let i = 0; i < 3; i++) await post('/responses', { model: MODEL, input: `Question ${i}` });
    expect(await errorOf(await content(id), 404)).toMatch(/^Generation content for ".*" not found.*\(3\)/);
    expect(await errorOf(await content('gen-never'), 404)).toMatch(/not found/);
    expect(await errorOf(await target.fetch('/generation/content', { headers: { authorization: 'Bearer sk-gw-test' } }), 400)).toMatch(/^id/);
  });

  it('feedback on a known generation is recorded in the journal; unknown ids are 404s, bad bodies 400s, ordinary keys 403s', async () => {
    const answer = await (await post('/chat/completions', { model: MODEL, messages: [{ role: 'user', content: 'Hi' }] })).json();
    const feedback = { generation_id: answer.id, category: 'incorrect_response', comment: 'The model repeated itself.' };
    const res = await post('/generation/feedback', feedback, 'sk-gw-management');
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ data: { success: true } });
    expect(referenceResponseValidator('post', '/generation/feedback', '200')(body)).toBe(true);
    const entry = target.gateway.requests().find((e) => e.operation === 'generation.feedback');
    expect(entry).toMatchObject({ status: 200, body: feedback });

    expect(await errorOf(await post('/generation/feedback', { ...feedback, generation_id: 'gen-unknown' }, 'sk-gw-management'), 404)).toMatch(/^generation_id/);
    expect(await errorOf(await post('/generation/feedback', { ...feedback, category: 'rude' }, 'sk-gw-management'), 400)).toMatch(/^category/);
    expect(await errorOf(await post('/generation/feedback', { ...feedback, comment: 'x'.repeat(1001) }, 'sk-gw-management'), 400)).toMatch(/^comment/);
    expect((await post('/generation/feedback', feedback)).status).toBe(403);
  });
});
