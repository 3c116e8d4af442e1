import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { referenceOperations, expectReferenceAnswer, referencePath } from './reference-operation.ts';

const START = Date.UTC(2026, 10, 26, 10);
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const ORDINARY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-presets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const gateway = () => createGateway({ clock: virtualClock(START) });

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

/** A preset made from a chat body: its model, temperature, budget and system prompt. */
const TERSE_CHAT = {
  model: 'openai/gpt-4o-mini',
  temperature: 0.2,
  max_tokens: 5,
  messages: [
    { role: 'system', content: 'Answer like a pirate.' },
    { role: 'user', content: 'ignored' },
  ],
  stream: true,
};

const path = referencePath();
describe.runIf(path)('presets: every operation answers as the reference says', () => {
  const ref = referenceOperations(path!);
  const expectValid = expectReferenceAnswer;

  test('creation from each surface makes a new version; 400, 401, 403', async () => {
    const gw = gateway();
    for (const [surface, route] of [
      ['chat/completions', '/presets/{slug}/chat/completions'],
      ['messages', '/presets/{slug}/messages'],
      ['responses', '/presets/{slug}/responses'],
    ] as const) {
      const op = ref('POST', route);
      const created = await call(gw, 'POST', `/presets/my-preset/${surface}`, op.exampleBody);
      expectValid(op, created, 200);
      expect(created.body.data.designated_version.system_prompt).toBe('You are a helpful assistant.');
      expect(created.body.data.designated_version_id).toBe(created.body.data.designated_version.id);
      expectValid(op, await call(gw, 'POST', `/presets/my-preset/${surface}`, { model: 42 }), 400);
      expectValid(op, await call(gw, 'POST', `/presets/my-preset/${surface}`, op.exampleBody, { 'content-type': 'application/json' }), 401);
      expectValid(op, await call(gw, 'POST', `/presets/my-preset/${surface}`, op.exampleBody, ORDINARY), 403);
    }
    const versions = await call(gw, 'GET', '/presets/my-preset/versions');
    expectValid(ref('GET', '/presets/{slug}/versions'), versions, 200);
    expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
    expect(versions.body.data.map((v: { config: unknown }) => v.config)).toEqual([
      { model: 'openai/gpt-5.4', temperature: 0.7 },
      { model: 'anthropic/claude-4.6-sonnet', max_tokens: 1024 },
      { model: 'openai/gpt-5.4' },
    ]);
  });

  test('list (most recently updated first, paged), get, versions, one version; 400, 401, 404', async () => {
    const gw = gateway();
    for (const slug of ['a', 'b', 'c']) await call(gw, 'POST', `/presets/${slug}/responses`, { model: 'openai/gpt-4o-mini', input: 'x' });
    await call(gw, 'POST', '/presets/a/responses', { model: 'openai/gpt-4o', instructions: 'Be brief.', input: 'x' });
    const list = ref('GET', '/presets');
    const all = await call(gw, 'GET', '/presets', undefined, ORDINARY);
    expectValid(list, all, 200);
    expect(all.body.data.map((p: { slug: string }) => p.slug)).toEqual(['a', 'c', 'b']);
    expect(all.body.total_count).toBe(3);
    const page = await call(gw, 'GET', '/presets?offset=1&limit=1', undefined, ORDINARY);
    expect(page.body).toMatchObject({ total_count: 3, data: [{ slug: 'c' }] });
    expectValid(list, await call(gw, 'GET', '/presets?limit=101', undefined, ORDINARY), 400);
    expectValid(list, await call(gw, 'GET', '/presets', undefined, {}), 401);

    const get = ref('GET', '/presets/{slug}');
    const one = await call(gw, 'GET', '/presets/a', undefined, ORDINARY);
    expectValid(get, one, 200);
    expect(one.body.data.designated_version).toMatchObject({ version: 2, system_prompt: 'Be brief.', config: { model: 'openai/gpt-4o' } });
    expectValid(get, await call(gw, 'GET', '/presets/nope', undefined, ORDINARY), 404);
    expectValid(get, await call(gw, 'GET', '/presets/__proto__', undefined, ORDINARY), 400);

    const version = ref('GET', '/presets/{slug}/versions/{version}');
    const first = await call(gw, 'GET', '/presets/a/versions/1', undefined, ORDINARY);
    expectValid(version, first, 200);
    expect(first.body.data).toMatchObject({ version: 1, system_prompt: null, config: { model: 'openai/gpt-4o-mini' } });
    expectValid(version, await call(gw, 'GET', '/presets/a/versions/3', undefined, ORDINARY), 404);
    expectValid(version, await call(gw, 'GET', '/presets/a/versions/one', undefined, ORDINARY), 400);
    expectValid(ref('GET', '/presets/{slug}/versions'), await call(gw, 'GET', '/presets/nope/versions', undefined, ORDINARY), 404);
  });
});

describe('@preset/<slug> applies the latest version (docs/decisions/0076)', () => {
  test('chat: the preset model, budget and system prompt; the request own members win', async () => {
    const gw = gateway();
    expect((await call(gw, 'POST', '/presets/pirate/chat/completions', { ...TERSE_CHAT, model: 'openai/gpt-4o' })).status).toBe(200);
    const answer = await call(
      gw,
      'POST',
      '/chat/completions',
      { model: '@preset/pirate', messages: [{ role: 'user', content: 'Tell me a long story.' }] },
      ORDINARY,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.model).toBe('openai/gpt-4o');
    expect(answer.body.usage.completion_tokens).toBeLessThanOrEqual(5);
    const content = await call(gw, 'GET', `/generation/content?id=${answer.body.id}`, undefined, ORDINARY);
    expect(content.body.data.input.messages[0]).toEqual({ role: 'system', content: 'Answer like a pirate.' });

    // A new version takes effect at once; the request's own budget wins over the preset's.
    await call(gw, 'POST', '/presets/pirate/chat/completions', { ...TERSE_CHAT, max_tokens: 3 });
    const own = await call(
      gw,
      'POST',
      '/chat/completions',
      { model: '@preset/pirate', max_tokens: 40, messages: [{ role: 'user', content: 'Tell me a long story.' }] },
      ORDINARY,
    );
    expect(own.body.model).toBe('openai/gpt-4o-mini');
    expect(own.body.usage.completion_tokens).toBeGreaterThan(5);
    const mine = await call(
      gw,
      'POST',
      '/chat/completions',
      { model: 'openai/gpt-4o@preset/pirate', messages: [{ role: 'user', content: 'Tell me a long story.' }] },
      ORDINARY,
    );
    expect(mine.body.model).toBe('openai/gpt-4o');
    expect(mine.body.usage.completion_tokens).toBeLessThanOrEqual(3);
  });

  test('responses and messages: instructions and system come first; an unknown preset is a 404', async () => {
    const gw = gateway();
    await call(gw, 'POST', '/presets/brief/messages', {
      model: 'openai/gpt-4o-mini',
      system: 'Be brief.',
      max_tokens: 4,
      messages: [{ role: 'user', content: 'x' }],
    });
    const responses = await call(gw, 'POST', '/responses', { model: '@preset/brief', instructions: 'Use French.', input: 'Tell me a long story.' }, ORDINARY);
    expect(responses.status, JSON.stringify(responses.body)).toBe(200);
    expect(responses.body.usage.output_tokens).toBeLessThanOrEqual(4);
    expect(responses.body.instructions).toBe('Be brief.\n\nUse French.');
    const messages = await call(gw, 'POST', '/messages', { model: '@preset/brief', messages: [{ role: 'user', content: 'Tell me a long story.' }] }, ORDINARY);
    expect(messages.status, JSON.stringify(messages.body)).toBe(200);
    expect(messages.body.usage.output_tokens).toBeLessThanOrEqual(4);
    const content = await call(gw, 'GET', `/generation/content?id=${messages.headers.get('x-generation-id')}`, undefined, ORDINARY);
    expect(content.body.data.input.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const unknown = await call(gw, 'POST', '/chat/completions', { model: '@preset/nobody', messages: [{ role: 'user', content: 'x' }] }, ORDINARY);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/no preset "nobody"/);
  });

  test('a preset never names another preset; a control reset forgets presets', async () => {
    const gw = gateway();
    expect((await call(gw, 'POST', '/presets/loop/chat/completions', { model: '@preset/loop', messages: [{ role: 'user', content: 'x' }] })).status).toBe(400);
    await call(gw, 'POST', '/presets/constructor/chat/completions', { ...TERSE_CHAT });
    expect((await call(gw, 'GET', '/presets/constructor', undefined, ORDINARY)).status).toBe(200);
    gw.control.reset();
    expect((await call(gw, 'GET', '/presets', undefined, ORDINARY)).body).toEqual({ data: [], total_count: 0 });
    expect((await call(gw, 'POST', '/chat/completions', { model: '@preset/constructor', messages: [{ role: 'user', content: 'x' }] }, ORDINARY)).status).toBe(
      404,
    );
  });
});

describe('presets survive a restart with a state file', () => {
  const open = async (file: string) => {
    const clock = virtualClock(START);
    const state = await stateFileOptions(file, clock);
    return { gw: createGateway({ clock, management: state.management }), state };
  };

  test('versions come back, and @preset/<slug> applies the latest after the restart', async () => {
    const file = join(dir, 'state.log');
    const first = await open(file);
    await call(first.gw, 'POST', '/presets/pirate/chat/completions', TERSE_CHAT);
    await call(first.gw, 'POST', '/presets/pirate/chat/completions', { ...TERSE_CHAT, model: 'openai/gpt-4o' });
    await first.state.log.close();
    const second = await open(file);
    expect((await call(second.gw, 'GET', '/presets/pirate/versions', undefined, ORDINARY)).body.total_count).toBe(2);
    const answer = await call(
      second.gw,
      'POST',
      '/chat/completions',
      { model: '@preset/pirate', messages: [{ role: 'user', content: 'Tell me a long story.' }] },
      ORDINARY,
    );
    expect(answer.body.model).toBe('openai/gpt-4o');
    expect(answer.body.usage.completion_tokens).toBeLessThanOrEqual(5);
    const third = await call(second.gw, 'POST', '/presets/pirate/responses', { model: 'openai/gpt-4o-mini', input: 'x' });
    expect(third.body.data.designated_version.version).toBe(3);
    expect(third.body.data.id).toBe((await call(second.gw, 'GET', '/presets/pirate', undefined, ORDINARY)).body.data.id);
    await second.state.log.close();
  });
});

describe.runIf(path)('POST /credits/coinbase (deprecated)', () => {
  const ref = referenceOperations(path!);
  test('always the 410 Gone of the reference, with any key or none', async () => {
    const op = ref('POST', '/credits/coinbase');
    const gw = gateway();
    for (const headers of [MANAGEMENT, ORDINARY, { 'content-type': 'application/json' }]) {
      const answer = await call(gw, 'POST', '/credits/coinbase', { amount: 10 }, headers);
      expect(answer.status).toBe(410);
      expect(op.problems(410, answer.body)).toEqual([]);
      expect(answer.body.error.message).toMatch(/Coinbase Commerce credits API has been removed/);
    }
  }, 180_000);
});
