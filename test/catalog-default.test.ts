import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { loadReference } from './support/reference/load-reference.ts';

const auth = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

/** Every `model: 'author/slug'` value of the reference's request examples (text operations). */
function exampleRequestModels(): string[] {
  const doc = loadReference() as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { example?: { model?: string } }> } }>>;
    components: { schemas: Record<string, { example?: { model?: string } }> };
  };
  const found = new Set<string>();
  for (const path of ['/chat/completions', '/responses', '/messages']) {
    for (const op of Object.values(doc.paths[path] ?? {})) {
      for (const media of Object.values(op.requestBody?.content ?? {})) if (media.example?.model) found.add(media.example.model);
    }
  }
  for (const name of ['ChatRequest', 'ResponsesRequest', 'MessagesRequest']) {
    const model = doc.components.schemas[name]?.example?.model;
    if (model) found.add(model);
  }
  return [...found].sort();
}

describe('the default catalogue serves the reference examples', () => {
  const gateway = createGateway({ clock: virtualClock() });
  const models = exampleRequestModels();

  it('finds the examples (openai/gpt-4, openai/gpt-4o, anthropic/claude-sonnet-4, canonical slugs)', () => {
    expect(models).toEqual(expect.arrayContaining(['openai/gpt-4', 'anthropic/claude-sonnet-4']));
    expect(models.length).toBeGreaterThanOrEqual(4);
  });

  it('each example model answers 200 on chat, responses and messages; an alias answers as its model', async () => {
    for (const model of models) {
      const chat = await gateway.fetch('/chat/completions', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(chat.status, `${model}: ${await chat.clone().text()}`).toBe(200);
      const responses = await gateway.fetch('/responses', { method: 'POST', headers: auth, body: JSON.stringify({ model, input: 'hi' }) });
      expect(responses.status).toBe(200);
      const messages = await gateway.fetch('/messages', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(messages.status).toBe(200);
    }
    const aliased = await gateway.fetch('/responses', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ model: 'anthropic/claude-4.5-sonnet-20250929', input: 'hi' }),
    });
    expect((await aliased.json()).model).toBe('anthropic/claude-sonnet-4.5');
  });

  it('an unknown model is still the gateway 400 by default', async () => {
    const res = await gateway.fetch('/responses', { method: 'POST', headers: auth, body: JSON.stringify({ model: 'nobody/nothing', input: 'hi' }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('model: "nobody/nothing" is not a valid model ID (GET /models lists them all)');
  });

  it("catalog: 'small' picks the 16 hand-made models; the default lists the real ones", async () => {
    const count = async (g: ReturnType<typeof createGateway>) =>
      ((await (await g.fetch('/models', { headers: auth })).json()) as { data: Array<{ id: string }> }).data.filter((m) => !m.id.includes(':')).length;
    expect(await count(createGateway({ catalog: 'small' }))).toBe(16);
    expect(await count(gateway)).toBeGreaterThan(300);
  });
});
