import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../src/adapter/node/create-server.ts';
import { DEFAULT_API_KEYS } from '../src/auth/api-key.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { MessagesErrorBodySchema } from '../src/schemas/messages-result.ts';

/**
 * Answers that say what to do (issue 41 item 1): the first mistakes of a new user, each met with
 * the fix in the message, through real clients at their default settings over a real port.
 */
let running: RunningServer;
let origin: string;
beforeAll(async () => {
  running = await startServer({ port: 0 });
  origin = new URL(running.baseUrl).origin;
});
afterAll(() => running.close());

const errorMessage = async (response: Response) => ErrorBodySchema.parse(await response.json()).error.message;

describe('a path that doubles the base path names the base URL for the SDK', () => {
  test('the Anthropic SDK given the OpenAI SDK base URL (.../api/v1) is told to use .../api', async () => {
    const client = new Anthropic({ baseURL: running.baseUrl, apiKey: 'sk-gw-test' });
    const error = await client.messages
      .create({ model: 'anthropic/claude-sonnet-4.5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect((error as Error).message).toContain(`the Anthropic SDK needs baseURL ${origin}/api (it appends /v1/messages itself)`);
  });

  test('the OpenAI SDK given a base URL with /v1 twice is told the base URL', async () => {
    const client = new OpenAI({ baseURL: `${running.baseUrl}/v1`, apiKey: 'sk-gw-test' });
    const error = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as Error).message).toContain(`needs baseURL ${running.baseUrl}`);
  });

  test('an unknown path that ends in no operation keeps the plain 404', async () => {
    const response = await fetch(`${running.baseUrl}/v1/nothing-here`, { headers: { authorization: 'Bearer sk-gw-test' } });
    expect(response.status).toBe(404);
    expect(await errorMessage(response)).toBe('No such operation: GET /api/v1/v1/nothing-here');
  });
});

describe('an unknown model gets the closest catalogue ids', () => {
  const ask = (model: string) =>
    fetch(`${running.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });

  test.each([
    ['gpt-4o-mini', 'openai/gpt-4o-mini'],
    ['openai/gpt-4o-mimi', 'openai/gpt-4o-mini'],
    ['anthropic/claude-sonet-4.5', 'anthropic/claude-sonnet-4.5'],
  ])('%s: did you mean %s', async (asked, meant) => {
    expect(running.gateway.catalog.models.some((m) => m.id === meant)).toBe(true);
    const response = await ask(asked);
    expect(response.status).toBe(400);
    const message = await errorMessage(response);
    expect(message).toMatch(new RegExp(`^model: "${asked.replace(/[.]/g, '\\.')}" is not a valid model ID; did you mean "${meant.replace(/[.]/g, '\\.')}"`));
    expect(message).toContain('(GET /models lists them all)');
  });

  test('nothing close: no suggestion, but where the ids are', async () => {
    expect(await errorMessage(await ask('nobody/nothing'))).toBe('model: "nobody/nothing" is not a valid model ID (GET /models lists them all)');
  });
});

describe('a 401 names the demo keys on a gateway that accepts them', () => {
  test('GET /models without a key says it needs one and names every demo key', async () => {
    const response = await fetch(`${running.baseUrl}/models`);
    expect(response.status).toBe(401);
    const message = await errorMessage(response);
    expect(message).toMatch(/^Missing Authentication header: every operation, GET \/models included, needs the header Authorization: Bearer <key>;/);
    for (const k of DEFAULT_API_KEYS) expect(message).toContain(k.key);
  });

  test('an unknown key too, and in the Anthropic shape on /messages', async () => {
    const client = new Anthropic({ baseURL: running.baseUrl.replace(/\/v1$/, ''), apiKey: 'sk-wrong' });
    const error = await client.messages
      .create({ model: 'anthropic/claude-sonnet-4.5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((error as Error).message).toContain('Invalid API key: every operation');
    expect((error as Error).message).toContain('sk-gw-test');
  });

  test('a gateway with keys of its own names none of them', async () => {
    const gateway = createGateway({ keys: [{ key: 'sk-secret-one' }] });
    const message = await errorMessage(await gateway.fetch('/models', { headers: { authorization: 'Bearer sk-other' } }));
    expect(message).toBe('Invalid API key');
  });
});

describe('a chat-shaped body sent to /responses', () => {
  test('is answered (spec 2.1 requires no field) with a warning header and a journal note', async () => {
    const gateway = createGateway();
    const response = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Tell me a joke' }] }),
    });
    expect(response.status).toBe(200);
    const warning = response.headers.get('x-gatewaykit-warning');
    expect(warning).toContain('send the conversation as input, or send this body to POST /chat/completions');
    const [entry] = gateway.requests();
    expect(entry?.warning).toBe(warning);
  });

  test('a body with input carries no warning', async () => {
    const gateway = createGateway();
    const response = await gateway.fetch('/responses', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'Tell me a joke' }),
    });
    expect(response.headers.has('x-gatewaykit-warning')).toBe(false);
    expect(gateway.requests()[0]?.warning).toBeUndefined();
  });
});

describe('/messages paths no operation serves answer in the Anthropic error shape', () => {
  test.each([
    ['GET', '/messages', 405],
    ['POST', '/messages/nothing', 404],
  ])('%s %s: %i', async (method, path, status) => {
    const response = await fetch(`${running.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': 'sk-gw-test', 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expect(response.status).toBe(status);
    const body = MessagesErrorBodySchema.parse(await response.json());
    expect(body.type).toBe('error');
    expect(body.error.message).toContain(`/api/v1${path}`);
  });
});
