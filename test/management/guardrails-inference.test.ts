import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

const START = Date.UTC(2026, 10, 26, 10);
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const MEMBER = 'user_gatewaykit0000000000000001';
const ALLOWED = 'openai/gpt-4o-mini';
const DISALLOWED = 'anthropic/claude-3-haiku';
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-guardrails-inference-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function call(gw: Gateway, method: string, path: string, body?: unknown) {
  const response = await gw.fetch(path, { method, headers: MANAGEMENT, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as any };
}

/** One inference request with `secret`, metadata on: the status and the body. */
async function infer(gw: Gateway, secret: string, path: string, body: Record<string, unknown>) {
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'x-gateway-metadata': 'enabled' };
  const response = await gw.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}
const chat = (gw: Gateway, secret: string, model: string, text = 'Say hello.') =>
  infer(gw, secret, '/chat/completions', { model, messages: [{ role: 'user', content: text }] });

async function setUp(gw: Gateway, guardrail: Record<string, unknown>, creator?: string) {
  const key = (await call(gw, 'POST', '/keys', { name: 'governed', ...(creator ? { creator_user_id: creator } : {}) })).body;
  const created = await call(gw, 'POST', '/guardrails', { name: 'policy', ...guardrail });
  expect(created.status).toBe(201);
  return { secret: key.key as string, hash: key.data.hash as string, id: created.body.data.id as string };
}

/** The 403 of spec 7 with the guardrail stage of spec 2.6 naming this guardrail. */
function expectGuardrailBlock(answer: { status: number; body: any }, guardrailId: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  expect(answer.body.error.metadata.patterns.every((p: unknown) => typeof p === 'string')).toBe(true);
  const stage = answer.body.gateway_metadata.pipeline.find((s: { type: string }) => s.type === 'guardrail');
  expect(stage).toMatchObject({ type: 'guardrail', guardrail_id: guardrailId, data: { action: 'block', detected: true } });
}

describe('an assigned guardrail changes inference for its keys (issue 38 item 3, done when)', () => {
  test('assigned to a key it blocks a disallowed model with the 403 and its stage; unassigning lifts the block; the state file keeps it', async () => {
    const file = join(dir, 'state.log');
    const clock = virtualClock(START);
    const state = await stateFileOptions(file, clock);
    const gw = createGateway({ clock, management: state.management });
    const { secret, hash, id } = await setUp(gw, { allowed_models: [ALLOWED] });
    expect((await chat(gw, secret, DISALLOWED)).status).toBe(200);
    expect((await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [hash] })).body.assigned_count).toBe(1);
    expectGuardrailBlock(await chat(gw, secret, DISALLOWED), id);
    expect((await chat(gw, secret, ALLOWED)).status).toBe(200);
    // Other keys are not governed.
    expect((await chat(gw, 'sk-gw-test', DISALLOWED)).status).toBe(200);
    // Every inference surface: Responses, Messages, embeddings.
    expectGuardrailBlock(await infer(gw, secret, '/responses', { model: DISALLOWED, input: 'hi' }), id);
    expect((await infer(gw, secret, '/messages', { model: DISALLOWED, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })).status).toBe(403);
    expect((await infer(gw, secret, '/embeddings', { model: 'openai/text-embedding-3-small', input: 'hi' })).status).toBe(403);

    // After a restart with the state file the guardrail still governs the key.
    await state.log.close();
    const again = await stateFileOptions(file, clock);
    const restarted = createGateway({ clock, management: again.management });
    expectGuardrailBlock(await chat(restarted, secret, DISALLOWED), id);
    expect((await call(restarted, 'POST', `/guardrails/${id}/assignments/keys/remove`, { key_hashes: [hash] })).body.unassigned_count).toBe(1);
    expect((await chat(restarted, secret, DISALLOWED)).status).toBe(200);
    await again.log.close();
  });

  test('assigned to a member it governs the keys that member created; deleting the guardrail lifts it', async () => {
    const gw = createGateway({ clock: virtualClock(START) });
    const { secret, id } = await setUp(gw, { ignored_models: [DISALLOWED] }, MEMBER);
    await call(gw, 'POST', `/guardrails/${id}/assignments/members`, { member_user_ids: [MEMBER] });
    expectGuardrailBlock(await chat(gw, secret, DISALLOWED), id);
    expect((await chat(gw, 'sk-gw-test', DISALLOWED)).status).toBe(200);
    await call(gw, 'DELETE', `/guardrails/${id}`);
    expect((await chat(gw, secret, DISALLOWED)).status).toBe(200);
  });

  test('a block content filter refuses a matching prompt with 403 naming the pattern; others pass', async () => {
    const gw = createGateway({ clock: virtualClock(START) });
    const { secret, hash, id } = await setUp(gw, { content_filters: [{ pattern: 'project-\\d{4}', action: 'block', label: 'codename' }] });
    await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [hash] });
    const blocked = await chat(gw, secret, ALLOWED, 'Tell me about PROJECT-1234.');
    expectGuardrailBlock(blocked, id);
    expect(blocked.body.error.metadata.patterns).toEqual(['project-\\d{4}']);
    expect((await chat(gw, secret, ALLOWED, 'Tell me about the weather.')).status).toBe(200);
  });

  test('allowed providers and ZDR narrow routing; with no provider left the request is refused', async () => {
    const gw = createGateway({ clock: virtualClock(START) });
    const { secret, hash, id } = await setUp(gw, { allowed_providers: ['amazon-bedrock', 'anthropic'], enforce_zdr_anthropic: true });
    await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [hash] });
    const answer = await chat(gw, secret, DISALLOWED);
    expect(answer.status).toBe(200);
    // Anthropic keeps data (no ZDR) and Google is not allowed: Bedrock is all that is left.
    expect(answer.body.gateway_metadata.endpoints.available.map((e: { provider: string }) => e.provider)).toEqual(['Amazon Bedrock']);
    const free = await chat(gw, 'sk-gw-test', DISALLOWED);
    expect(free.body.gateway_metadata.endpoints.available).toHaveLength(3);
    await call(gw, 'PATCH', `/guardrails/${id}`, { allowed_providers: ['anthropic'] });
    expect((await chat(gw, secret, DISALLOWED)).status).toBe(404);
  });

  test('limit_usd: 402 once what the governed keys spent reaches it', async () => {
    const gw = createGateway({ clock: virtualClock(START) });
    const { secret, hash, id } = await setUp(gw, { limit_usd: 1e-9 });
    await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [hash] });
    expect((await chat(gw, secret, ALLOWED)).status).toBe(200);
    const refused = await chat(gw, secret, ALLOWED);
    expect(refused.status).toBe(402);
    expect(refused.body.error.message).toMatch(/Guardrail "policy" reached its limit/);
    await call(gw, 'PATCH', `/guardrails/${id}`, { limit_usd: null });
    expect((await chat(gw, secret, ALLOWED)).status).toBe(200);
  });
  test('a redact content filter replaces each match with its placeholder before the model reads it: the stored prompt and the journal hold only the placeholder', async () => {
    const gw = createGateway({ clock: virtualClock(START) });
    const { secret, hash, id } = await setUp(gw, { content_filters: [{ pattern: '[a-z]+@[a-z]+\\.test', action: 'redact', label: 'email' }] });
    expect((await call(gw, 'POST', `/guardrails/${id}/assignments/keys`, { key_hashes: [hash] })).status).toBe(200);
    const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
    const answer = await gw.fetch('/chat/completions', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: ALLOWED, messages: [{ role: 'user', content: 'Write to ada@example.test and bob@example.test.' }] }),
    });
    expect(answer.status).toBe(200);
    await answer.text();
    const content = await gw.fetch(`/generation/content?id=${answer.headers.get('x-generation-id')}`, { headers: { authorization: `Bearer ${secret}` } });
    const stored = JSON.stringify(((await content.json()) as { data: { input: unknown } }).data.input);
    expect(stored).toContain('Write to [EMAIL] and [EMAIL].');
    expect(stored).not.toContain('example.test');
    const journal = await (await gw.fetch('/__gatewaykit/requests')).text();
    expect(journal).toContain('[EMAIL]');
    expect(journal).not.toContain('ada@example.test');
    // Keys the guardrail does not govern send their text as it is.
    const plain = await gw.fetch('/chat/completions', {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer sk-gw-test' },
      body: JSON.stringify({ model: ALLOWED, messages: [{ role: 'user', content: 'Write to ada@example.test.' }] }),
    });
    const plainContent = await gw.fetch(`/generation/content?id=${plain.headers.get('x-generation-id')}`, { headers: { authorization: 'Bearer sk-gw-test' } });
    expect(JSON.stringify(((await plainContent.json()) as { data: { input: unknown } }).data.input)).toContain('ada@example.test');
  });
});
