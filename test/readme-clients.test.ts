import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import Anthropic from '@anthropic-ai/sdk';
import { ChatOpenAI } from '@langchain/openai';
import { OpenRouter } from '@openrouter/sdk';
import { embed, generateText } from 'ai';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createGateway, virtualClock } from 'gatewaykit';

/**
 * The README's "base URL each client needs" table, taken at its word: each client is built with
 * exactly the base URL of its row (the host of `npm start` swapped for an in-process one) and at
 * its default settings otherwise, and makes the calls its row names. A row that gives a wrong base
 * URL fails here with the 404 the client met.
 */
const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const START_ORIGIN = 'http://127.0.0.1:8080';
const ORIGIN = 'http://readme-clients.gateway.test';
const KEY = 'sk-gw-test';
const MODEL = 'openai/gpt-4o-mini';

/** client name -> the base URL its README row gives, on the in-process origin. */
function readmeBaseUrls(): Map<string, string> {
  const start = readme.indexOf('### The base URL each client needs');
  const rows = readme
    .slice(start, readme.indexOf('\n#', start + 4))
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| client'));
  const urls = new Map<string, string>();
  for (const row of rows) {
    const [client, , url] = row
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    const base = /`(http[^`]+)`/.exec(url ?? '')?.[1];
    if (client && base) urls.set(client, base.replace(START_ORIGIN, ORIGIN));
  }
  return urls;
}

const urls = readmeBaseUrls();
const baseFor = (client: string): string => {
  const url = urls.get(client);
  if (!url) throw new Error(`README "The base URL each client needs" has no row for ${client}`);
  return url;
};

const gateway = createGateway({ baseUrl: `${ORIGIN}/api/v1`, clock: virtualClock() });
const server = setupServer(...gateway.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// The first answer loads the tokenizer and the reference oracle: generous on a loaded machine.
describe('each client, at the base URL its README row gives', { timeout: 120_000 }, () => {
  test('the table has a row for every client it promises, all on the npm start origin', () => {
    expect([...urls.keys()]).toEqual([
      '`openai`',
      '`@anthropic-ai/sdk`',
      'AI SDK, OpenAI provider',
      'AI SDK, Anthropic provider',
      'LangChain',
      '`@openrouter/sdk`',
      'curl, `fetch`',
    ]);
    for (const url of urls.values()) expect(url.startsWith(ORIGIN)).toBe(true);
  });

  test('openai: responses, chat completions, embeddings and models', async () => {
    const client = new OpenAI({ baseURL: baseFor('`openai`'), apiKey: KEY });
    expect((await client.responses.create({ model: MODEL, input: 'Hello' })).status).toBe('completed');
    expect((await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hello' }] })).choices[0]?.message.content).toBeTruthy();
    expect((await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: 'Hello' })).data[0]?.embedding.length).toBeGreaterThan(0);
    expect((await client.models.list()).data.length).toBeGreaterThan(0);
  });

  test('@anthropic-ai/sdk: messages and count_tokens', async () => {
    const client = new Anthropic({ baseURL: baseFor('`@anthropic-ai/sdk`'), apiKey: KEY });
    const message = await client.messages.create({ model: 'anthropic/claude-sonnet-4', max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }] });
    expect(message.content[0]?.type).toBe('text');
    const count = await client.messages.countTokens({ model: 'anthropic/claude-sonnet-4', messages: [{ role: 'user', content: 'Hello' }] });
    expect(count.input_tokens).toBeGreaterThan(0);
  });

  test('AI SDK: the OpenAI provider (responses, embeddings) and the Anthropic provider (messages)', async () => {
    const openai = createOpenAI({ baseURL: baseFor('AI SDK, OpenAI provider'), apiKey: KEY });
    expect((await generateText({ model: openai(MODEL), prompt: 'Hello' })).text.length).toBeGreaterThan(0);
    expect((await embed({ model: openai.embedding('openai/text-embedding-3-small'), value: 'Hello' })).embedding.length).toBeGreaterThan(0);
    const anthropic = createAnthropic({ baseURL: baseFor('AI SDK, Anthropic provider'), apiKey: KEY });
    expect((await generateText({ model: anthropic('anthropic/claude-sonnet-4'), prompt: 'Hello' })).text.length).toBeGreaterThan(0);
  });

  test('LangChain: chat completions', async () => {
    const model = new ChatOpenAI({ model: MODEL, apiKey: KEY, configuration: { baseURL: baseFor('LangChain') } });
    expect(String((await model.invoke('Hello')).content).length).toBeGreaterThan(0);
  });

  test('@openrouter/sdk: chat and the account', async () => {
    const client = new OpenRouter({ serverURL: baseFor('`@openrouter/sdk`'), apiKey: KEY });
    const answer = await client.chat.send({ chatRequest: { model: MODEL, messages: [{ role: 'user', content: 'Hello' }], stream: false } });
    expect('choices' in answer && answer.choices.length).toBe(1);
    expect((await client.apiKeys.getCurrentKeyMetadata()).data.label).toBeTruthy();
  });

  test('curl, fetch: a plain POST to the base URL plus the operation path', async () => {
    const answer = await fetch(`${baseFor('curl, `fetch`')}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, input: 'Hello' }),
    });
    expect(answer.status).toBe(200);
  });
});
