import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { stateFileOptions } from '../../src/adapter/node/state-file.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-management-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const JSON_ONLY = { 'content-type': 'application/json' };
const CHAT = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello.' }] });

/** A gateway on a state file, as `gatewaykit serve --state-file` builds it (in-process). */
async function open(file: string) {
  const clock = virtualClock(Date.UTC(2026, 10, 26, 10));
  const state = await stateFileOptions(file, clock);
  const gw = createGateway({ clock, videoJobs: state.videoJobs, management: state.management });
  return { gw, state };
}

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

const chat = async (gw: Gateway, secret: string) => {
  const answer = await gw.fetch('/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: CHAT,
  });
  return answer.status;
};

describe('management state survives a restart with a state file (issue 38, done when)', () => {
  it('created keys, changed and deleted keys-file keys, and codes waiting for their exchange come back; secrets never repeat', async () => {
    const file = join(dir, 'state.log');
    const first = await open(file);
    const created = (await call(first.gw, 'POST', '/keys', { name: 'kept', limit: 3, limit_reset: 'monthly' })).body;
    const listed = (await call(first.gw, 'GET', '/keys')).body.data as Array<{ hash: string; name: string }>;
    const noCredits = listed.find((k) => k.name === '402 on paid operations')!;
    const rateLimited = listed.find((k) => k.name.startsWith('1 request per 2 s'))!;
    expect((await call(first.gw, 'PATCH', `/keys/${noCredits.hash}`, { disabled: true })).status).toBe(200);
    expect((await call(first.gw, 'DELETE', `/keys/${rateLimited.hash}`)).status).toBe(200);
    const waiting = (
      await call(first.gw, 'POST', '/auth/keys/code', {
        callback_url: 'https://app.example/cb',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
        limit: 7,
      })
    ).body.data.id;
    const used = (await call(first.gw, 'POST', '/auth/keys/code', { callback_url: 'https://app.example/cb' })).body.data.id;
    expect((await call(first.gw, 'POST', '/auth/keys', { code: used }, JSON_ONLY)).status).toBe(200);
    await first.state.log.close();

    const second = await open(file);
    expect(await chat(second.gw, created.key)).toBe(200);
    expect((await call(second.gw, 'GET', `/keys/${created.data.hash}`)).body.data).toMatchObject({
      name: 'kept',
      limit: 3,
      limit_reset: 'monthly',
      created_at: created.data.created_at,
    });
    expect(await chat(second.gw, 'sk-gw-no-credits')).toBe(401);
    expect(await chat(second.gw, 'sk-gw-rate-limited')).toBe(401);
    expect((await call(second.gw, 'GET', `/keys/${rateLimited.hash}`)).status).toBe(404);
    expect((await call(second.gw, 'POST', '/auth/keys', { code: used }, JSON_ONLY)).status).toBe(403);
    const exchanged = await call(second.gw, 'POST', '/auth/keys', { code: waiting, code_verifier: VERIFIER }, JSON_ONLY);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.key).not.toBe(created.key);
    expect((await call(second.gw, 'GET', '/key', undefined, { authorization: `Bearer ${exchanged.body.key}` })).body.data.limit).toBe(7);
    const another = (await call(second.gw, 'POST', '/keys', { name: 'after restart' })).body.key;
    expect([created.key, exchanged.body.key]).not.toContain(another);
    // Control reset forgets it all, in the file too.
    second.gw.control.reset();
    await second.state.log.idle();
    await second.state.log.close();
    const third = await open(file);
    expect(await chat(third.gw, created.key)).toBe(401);
    expect(await chat(third.gw, 'sk-gw-rate-limited')).toBe(200);
    await third.state.log.close();
  });

  it('a compaction keeps the management records (a thousand changes of one key)', async () => {
    const file = join(dir, 'compacted.log');
    const first = await open(file);
    const created = (await call(first.gw, 'POST', '/keys', { name: 'n' })).body;
    const answers = await Promise.all(Array.from({ length: 1010 }, (_, i) => call(first.gw, 'PATCH', `/keys/${created.data.hash}`, { name: `n${i}` })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await first.state.log.idle();
    expect(first.state.log.stats().compactions).toBeGreaterThan(0);
    expect(first.state.log.stats().lines).toBeLessThan(1010);
    await first.state.log.close();
    const second = await open(file);
    expect((await call(second.gw, 'GET', `/keys/${created.data.hash}`)).body.data.name).toBe('n1009');
    expect(await chat(second.gw, created.key)).toBe(200);
    await second.state.log.close();
  }, 240_000);

  it('a state file with a broken management record is refused, naming the line', async () => {
    const file = join(dir, 'broken.log');
    const first = await open(file);
    await call(first.gw, 'POST', '/keys', { name: 'x' });
    await first.state.log.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    const broken = lines.map((line) => line.replace('"kind":"standard"', '"kind":"root"')).join('\n') + '{"seq":0,"at":0}\n';
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, broken);
    await expect(stateFileOptions(file)).rejects.toThrow(/line 2: mgmt: record: kind/);
  });
});
