import { describe, expect, test } from 'vitest';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { untilRefused } from './until-refused.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { referenceOperations, expectReferenceAnswer, referencePath } from './reference-operation.ts';

const START = Date.UTC(2026, 10, 26, 10);
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const JSON_ONLY = { 'content-type': 'application/json' };
// RFC 7636 appendix B: this verifier's S256 challenge.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const gateway = (options: Parameters<typeof createGateway>[0] = {}) => createGateway({ clock: virtualClock(START), ...options });

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

async function code(gw: Gateway, body: Record<string, unknown>): Promise<string> {
  const made = await call(gw, 'POST', '/auth/keys/code', { callback_url: 'https://app.example/callback', ...body });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data.id;
}

const exchange = (gw: Gateway, body: Record<string, unknown>) => call(gw, 'POST', '/auth/keys', body, JSON_ONLY);

const path = referencePath();
describe.runIf(path)('auth keys: the reference examples and documented statuses, valid for the reference schema', () => {
  const ref = referenceOperations(path!);
  const expectValid = expectReferenceAnswer;

  test('createAuthKeysCode: the example body answers 200; 400, 401, 403, 409', async () => {
    const gw = gateway({ management: { bounds: { maxCodes: 2 } } });
    const op = ref('POST', '/auth/keys/code');
    expect(op.operationId).toBe('createAuthKeysCode');
    const made = await call(gw, 'POST', '/auth/keys/code', op.exampleBody);
    expectValid(op, made, 200);
    expect(made.body.data).toMatchObject({ app_id: 1, created_at: '2026-11-26T10:00:00Z' });
    expectValid(op, await call(gw, 'POST', '/auth/keys/code', { callback_url: 'http://evil.example/cb' }), 400);
    expectValid(op, await call(gw, 'POST', '/auth/keys/code', op.exampleBody, JSON_ONLY), 401);
    expectValid(op, await call(gw, 'POST', '/auth/keys/code', op.exampleBody, { authorization: 'Bearer sk-gw-test', ...JSON_ONLY }), 403);
    expectValid(op, await call(gw, 'POST', '/auth/keys/code', op.exampleBody), 200);
    expectValid(op, await call(gw, 'POST', '/auth/keys/code', op.exampleBody), 409);
    // Expired codes make room.
    await gw.control.advanceClock(10 * 60_000);
    expectValid(op, await call(gw, 'POST', '/auth/keys/code', op.exampleBody), 200);
  });

  test('exchangeAuthCodeForAPIKey: the example request (with its code) answers 200; 400, 403', async () => {
    const gw = gateway();
    const op = ref('POST', '/auth/keys');
    expect(op.operationId).toBe('exchangeAuthCodeForAPIKey');
    const id = await code(gw, { code_challenge: CHALLENGE, code_challenge_method: 'S256', limit: 100 });
    const example = op.exampleBody as Record<string, unknown>;
    // The example's verifier is RFC 7636's, whose challenge the code carries.
    expect(example.code_verifier).toBe(VERIFIER);
    expectValid(op, await exchange(gw, { ...example, code: id, code_verifier: 'x'.repeat(43) }), 403);
    expectValid(op, await exchange(gw, { ...example, code: id, code_challenge_method: 'plain' }), 400);
    expectValid(op, await exchange(gw, { code: 7 }), 400);
    const exchanged = await exchange(gw, { ...example, code: id });
    expectValid(op, exchanged, 200);
    expect(exchanged.body.key).toMatch(/^sk-gw-v1-[0-9a-f]{64}$/);
    expectValid(op, await exchange(gw, { ...example, code: id }), 403);
  });
});

describe('OAuth with PKCE (issue 38, done when)', () => {
  test('an S256 code exchange yields a working key with the code limit and reset; a second exchange fails', async () => {
    const gw = gateway();
    const id = await code(gw, { code_challenge: CHALLENGE, code_challenge_method: 'S256', limit: 0.0001, usage_limit_type: 'weekly', key_label: 'my cli' });
    const first = await exchange(gw, { code: id, code_verifier: VERIFIER, code_challenge_method: 'S256' });
    expect(first.status).toBe(200);
    const key = first.body.key as string;
    const { served, refused } = await untilRefused(gw, key);
    expect(served).toBeGreaterThan(0);
    expect(refused.status).toBe(402);
    const info = (await call(gw, 'GET', '/key', undefined, { authorization: `Bearer ${key}` })).body.data;
    expect(info).toMatchObject({ label: 'my cli', limit: 0.0001, limit_reset: 'weekly' });
    const listed = (await call(gw, 'GET', '/keys')).body.data.find((k: { name: string }) => k.name === 'my cli');
    expect(listed).toMatchObject({ limit: 0.0001, limit_reset: 'weekly', workspace_id: '00000000-0000-4000-8000-000000000000' });
    const second = await exchange(gw, { code: id, code_verifier: VERIFIER });
    expect(second.status).toBe(403);
    expect(second.body.error.message).toMatch(/already exchanged/);
  });

  test('a plain challenge, a code without a challenge, a wrong verifier, and expiry on the gateway clock', async () => {
    const gw = gateway();
    const plain = await code(gw, { code_challenge: 'a-plain-verifier-of-forty-three-characters-x' });
    expect((await exchange(gw, { code: plain, code_verifier: 'wrong' })).status).toBe(403);
    expect((await exchange(gw, { code: plain })).status).toBe(400);
    expect((await exchange(gw, { code: plain, code_verifier: 'a-plain-verifier-of-forty-three-characters-x' })).status).toBe(200);
    const bare = await code(gw, {});
    expect((await exchange(gw, { code: bare })).status).toBe(200);
    const late = await code(gw, { code_challenge: CHALLENGE, code_challenge_method: 'S256' });
    await gw.control.advanceClock(10 * 60_000);
    expect((await exchange(gw, { code: late, code_verifier: VERIFIER })).status).toBe(403);
    expect((await exchange(gw, { code: 'auth_code_never_made' })).status).toBe(403);
  });

  test('the verifier and the key stay out of the journal', async () => {
    const gw = gateway();
    const id = await code(gw, { code_challenge: CHALLENGE, code_challenge_method: 'S256' });
    const { body } = await exchange(gw, { code: id, code_verifier: VERIFIER });
    const journal = JSON.stringify(gw.requests());
    expect(journal).not.toContain(VERIFIER);
    expect(journal).not.toContain(body.key);
    expect(gw.requests().at(-1)).toMatchObject({ operation: 'auth.keys.exchange', status: 200 });
  });

  test('a workspace other than the default one is a 400 until workspaces are served', async () => {
    const gw = gateway();
    const answer = await call(gw, 'POST', '/auth/keys/code', {
      callback_url: 'http://localhost:3000/cb',
      workspace_id: '11111111-1111-4111-8111-111111111111',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/workspace_id/);
  });
});
