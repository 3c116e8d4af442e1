import { describe, expect, test } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { bytesToBase64, pcmWav } from '../../src/audio/pcm-wav.ts';
import { referenceOperations, expectReferenceAnswer, referencePath } from './reference-operation.ts';

const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const ORDINARY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const RAW = 'sk-proj-secret-material-0123456789AbCd';

const gateway = () => createGateway({ clock: virtualClock(Date.UTC(2026, 10, 26, 10)) });

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

/** A chat answer routed to openai (the provider the credentials below are for), and its generation record. */
async function chatGeneration(gw: Gateway, secret: string, model = 'openai/gpt-4o-mini') {
  const answer = await gw.fetch('/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 16, provider: { only: ['openai'] } }),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { usage: { cost: number; is_byok?: boolean } };
  const generation = await call(gw, 'GET', `/generation?id=${answer.headers.get('x-generation-id')}`, undefined, { authorization: `Bearer ${secret}` });
  return { usage: body.usage, generation: generation.body.data as { is_byok: boolean; upstream_inference_cost: number | null; total_cost: number } };
}

async function newKey(gw: Gateway, body: Record<string, unknown>) {
  const created = await call(gw, 'POST', '/keys', body);
  return { secret: created.body.key as string, hash: created.body.data.hash as string };
}

const path = referencePath();
describe.runIf(path)('BYOK provider credentials (issue 38 item 6)', () => {
  const ref = referenceOperations(path!);
  const expectValid = expectReferenceAnswer;

  test('create (the example body) 201 with a masked label; list, get, update (the example), delete; 400, 401, 403, 404; the raw key is nowhere', async () => {
    const gw = gateway();
    const create = ref('POST', '/byok');
    const created = await call(gw, 'POST', '/byok', create.exampleBody);
    expectValid(create, created, 201);
    expect(created.body.data).toMatchObject({ provider: 'openai', name: 'Production OpenAI Key', label: 'sk-...3...', disabled: false });
    const rotated = await call(gw, 'POST', '/byok', { provider: 'openai', key: RAW });
    expect(rotated.body.data.label).toBe('sk-...AbCd');
    expectValid(create, await call(gw, 'POST', '/byok', { provider: 'openai' }), 400);
    expectValid(create, await call(gw, 'POST', '/byok', { provider: 'no-such-provider', key: 'x' }), 400);
    expectValid(create, await call(gw, 'POST', '/byok', { provider: 'openai', key: 'x', allowed_api_key_hashes: ['0'.repeat(64)] }), 400);
    expectValid(create, await call(gw, 'POST', '/byok', create.exampleBody, { 'content-type': 'application/json' }), 401);
    expectValid(create, await call(gw, 'POST', '/byok', create.exampleBody, ORDINARY), 403);
    const list = ref('GET', '/byok');
    const listed = await call(gw, 'GET', '/byok?provider=openai&limit=1&offset=1');
    expectValid(list, listed, 200);
    expect(listed.body).toMatchObject({ total_count: 2, data: [{ id: rotated.body.data.id }] });
    const id = created.body.data.id;
    const get = ref('GET', '/byok/{id}');
    expectValid(get, await call(gw, 'GET', `/byok/${id}`), 200);
    const update = ref('PATCH', '/byok/{id}');
    const updated = await call(gw, 'PATCH', `/byok/${id}`, update.exampleBody);
    expectValid(update, updated, 200);
    expect(updated.body.data.name).toBe('Updated OpenAI Key');
    const del = ref('DELETE', '/byok/{id}');
    expectValid(del, await call(gw, 'DELETE', `/byok/${id}`), 200);
    expectValid(get, await call(gw, 'GET', `/byok/${id}`), 404);
    const journal = await (await gw.fetch('/__gatewaykit/requests')).text();
    const inspector = await (await gw.fetch('/__gatewaykit/management')).text();
    for (const text of [journal, inspector, JSON.stringify(listed.body)]) expect(text).not.toContain(RAW);
  });

  test('a request routed to a provider with a credential is is_byok, billed the fee, and moves byok_usage; allowed_models and allowed_api_key_hashes restrict it', async () => {
    const gw = gateway();
    const plain = await newKey(gw, { name: 'plain' });
    const before = await chatGeneration(gw, plain.secret);
    expect(before.generation.is_byok).toBe(false);
    const allowed = await newKey(gw, { name: 'allowed' });
    const credential = await call(gw, 'POST', '/byok', {
      provider: 'openai',
      key: RAW,
      allowed_models: ['openai/gpt-4o-mini'],
      allowed_api_key_hashes: [allowed.hash],
    });
    expect(credential.status).toBe(201);
    const byok = await chatGeneration(gw, allowed.secret);
    expect(byok.usage.is_byok).toBe(true);
    expect(byok.generation.is_byok).toBe(true);
    expect(byok.generation.upstream_inference_cost).toBeGreaterThan(byok.usage.cost);
    const view = (await call(gw, 'GET', `/keys/${allowed.hash}`)).body.data;
    expect(view.byok_usage).toBeCloseTo(byok.generation.upstream_inference_cost!, 12);
    expect(view.usage).toBeCloseTo(byok.usage.cost, 12);
    const own = (await call(gw, 'GET', '/key', undefined, { authorization: `Bearer ${allowed.secret}` })).body.data;
    expect(own.byok_usage).toBeCloseTo(byok.generation.upstream_inference_cost!, 12);
    // Another key, or another model: the credential does not serve them.
    expect((await chatGeneration(gw, plain.secret)).generation.is_byok).toBe(false);
    expect((await chatGeneration(gw, allowed.secret, 'openai/gpt-4o')).generation.is_byok).toBe(false);
    // Disabled, it serves nobody.
    await call(gw, 'PATCH', `/byok/${credential.body.data.id}`, { disabled: true });
    expect((await chatGeneration(gw, allowed.secret)).generation.is_byok).toBe(false);
  });

  test('every paid operation asks the same question: embeddings, rerank, transcriptions, images and speech routed to a credentialed provider are BYOK, billed the fee, and move byok_usage', async () => {
    const gw = gateway();
    const key = await newKey(gw, { name: 'media' });
    const auth = { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' };
    const paid = async (path: string, body: unknown) => {
      const answer = await gw.fetch(path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const id = answer.headers.get('x-generation-id');
      const json = answer.headers.get('content-type')?.startsWith('application/json') ?? false;
      const usage = json ? ((await answer.json()) as { usage?: { cost?: number } }).usage : undefined;
      const generation = await call(gw, 'GET', `/generation?id=${id}`, undefined, { authorization: `Bearer ${key.secret}` });
      return { usage, generation: generation.body.data as { is_byok: boolean; upstream_inference_cost: number | null; total_cost: number } };
    };
    const requests: Array<[string, unknown]> = [
      ['/embeddings', { model: 'openai/text-embedding-3-small', input: 'the sea at night', provider: { only: ['openai'] } }],
      ['/rerank', { model: 'cohere/rerank-v3.5', query: 'sea', documents: ['the sea at night', 'a mountain'], provider: { only: ['cohere'] } }],
      ['/audio/transcriptions', { model: 'openai/whisper-large-v3', input_audio: { data: bytesToBase64(pcmWav({ seconds: 2 })), format: 'wav' } }],
      ['/images', { model: 'openai/gpt-image-1', prompt: 'the sea at night', size: '64x64', provider: { only: ['openai'] } }],
      ['/audio/speech', { model: 'openai/gpt-4o-mini-tts', input: 'the sea at night' }],
    ];
    const plain = [];
    for (const [path, body] of requests) plain.push(await paid(path, body));
    for (const { generation } of plain) {
      expect(generation.is_byok).toBe(false);
      expect(generation.upstream_inference_cost).toBeNull();
    }
    for (const provider of ['openai', 'cohere']) expect((await call(gw, 'POST', '/byok', { provider, key: RAW })).status).toBe(201);
    let upstream = 0;
    for (const [i, [path, body]] of requests.entries()) {
      const { usage, generation } = await paid(path, body);
      expect(generation.is_byok, path).toBe(true);
      // The provider bills the caller directly; the gateway charges its fee (5%) of that.
      expect(generation.upstream_inference_cost, path).toBeCloseTo(plain[i]!.generation.total_cost, 12);
      expect(generation.total_cost, path).toBeCloseTo(plain[i]!.generation.total_cost * 0.05, 12);
      if (usage?.cost !== undefined) expect(usage.cost, path).toBeCloseTo(generation.total_cost, 12);
      upstream += generation.upstream_inference_cost!;
    }
    const view = await call(gw, 'GET', `/keys/${key.hash}`);
    expect(view.body.data.byok_usage).toBeCloseTo(upstream, 12);
  });

  test("include_byok_in_limit: the provider's bill counts against the key's limit", async () => {
    const gw = gateway();
    await call(gw, 'POST', '/byok', { provider: 'openai', key: RAW });
    const counted = await newKey(gw, { name: 'counted', limit: 1, include_byok_in_limit: true });
    const apart = await newKey(gw, { name: 'apart', limit: 1 });
    const a = await chatGeneration(gw, counted.secret);
    const b = await chatGeneration(gw, apart.secret);
    const remaining = async (hash: string) => (await call(gw, 'GET', `/keys/${hash}`)).body.data.limit_remaining as number;
    expect(1 - (await remaining(counted.hash))).toBeCloseTo(a.usage.cost + a.generation.upstream_inference_cost!, 12);
    expect(1 - (await remaining(apart.hash))).toBeCloseTo(b.usage.cost, 12);
  });

  test("a workspace's credential serves only its keys, and goes with the workspace", async () => {
    const gw = gateway();
    const ws = (await call(gw, 'POST', '/workspaces', { name: 'Own', slug: 'own' })).body.data;
    await call(gw, 'POST', '/byok', { provider: 'openai', key: RAW, workspace_id: ws.id });
    expect((await call(gw, 'GET', `/byok?workspace_id=${ws.id}`)).body.total_count).toBe(1);
    expect((await call(gw, 'GET', '/byok')).body.total_count).toBe(0);
    const inside = await newKey(gw, { name: 'inside', workspace_id: ws.id });
    const outside = await newKey(gw, { name: 'outside' });
    expect((await chatGeneration(gw, inside.secret)).generation.is_byok).toBe(true);
    expect((await chatGeneration(gw, outside.secret)).generation.is_byok).toBe(false);
    await call(gw, 'DELETE', `/keys/${inside.hash}`);
    expect((await call(gw, 'DELETE', `/workspaces/${ws.id}`)).status).toBe(200);
    expect((await call(gw, 'GET', `/byok?workspace_id=${ws.id}`)).body.total_count).toBe(0);
  });
});
