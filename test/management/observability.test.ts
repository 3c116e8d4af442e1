import { describe, expect, test } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../../src/gateway/create-gateway.ts';
import { expectReferenceAnswer, referenceOperations, referencePath } from './reference-operation.ts';

const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const ORDINARY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const SECRET_KEY = 'sk-lf-SECRET-0123456789abcdefAbCd';
const PUBLIC_KEY = 'pk-lf-PUBLIC-0123456789abcdefEfGh';
const LANGFUSE = {
  type: 'langfuse',
  name: 'Production Langfuse',
  config: { baseUrl: 'https://us.cloud.langfuse.com', publicKey: PUBLIC_KEY, secretKey: SECRET_KEY },
};
const DESTINATIONS = '/observability/destinations';
const ONE = '/observability/destinations/{id}';

const gateway = (options: Parameters<typeof createGateway>[0] = {}) => createGateway({ clock: virtualClock(Date.UTC(2026, 10, 28, 10)), ...options });

async function call(gw: Gateway, method: string, path: string, body?: unknown, headers: Record<string, string> = MANAGEMENT) {
  const response = await gw.fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as any) };
}

const path = referencePath();
describe.runIf(path)('observability destinations (issue 38 item 7)', () => {
  const ref = referenceOperations(path!);
  const expectValid = expectReferenceAnswer;

  test('create 201 with masked secrets; get, list, update (masked values ignored), delete; 401, 403, 404', async () => {
    const gw = gateway();
    const create = ref('POST', DESTINATIONS);
    const created = await call(gw, 'POST', DESTINATIONS, LANGFUSE);
    expectValid(create, created, 201);
    const d = created.body.data;
    expect(d).toMatchObject({ type: 'langfuse', name: 'Production Langfuse', enabled: true, sampling_rate: 1, api_key_hashes: null, filter_rules: null });
    expect(d.config).toEqual({ baseUrl: 'https://us.cloud.langfuse.com', publicKey: 'pk-l...EfGh', secretKey: 'sk-l...AbCd' });
    expect(d.workspace_id).toBe('00000000-0000-4000-8000-000000000000');

    expectValid(ref('GET', ONE), await call(gw, 'GET', `${DESTINATIONS}/${d.id}`), 200);
    const listed = await call(gw, 'GET', DESTINATIONS);
    expectValid(ref('GET', DESTINATIONS), listed, 200);
    expect(listed.body).toEqual({ data: [d], total_count: 1 });

    // The masked secret sent back changes nothing; a new one replaces the old.
    const update = ref('PATCH', ONE);
    const renamed = await call(gw, 'PATCH', `${DESTINATIONS}/${d.id}`, { name: 'Renamed', enabled: false, config: { secretKey: 'sk-l...AbCd' } });
    expectValid(update, renamed, 200);
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', enabled: false, config: d.config });
    const rotated = await call(gw, 'PATCH', `${DESTINATIONS}/${d.id}`, { config: { secretKey: 'sk-lf-ROTATED-0123456789abcdef9999' } });
    expect(rotated.body.data.config.secretKey).toBe('sk-l...9999');
    expect(rotated.body.data.config.publicKey).toBe('pk-l...EfGh');

    expectValid(create, await call(gw, 'POST', DESTINATIONS, LANGFUSE, { 'content-type': 'application/json' }), 401);
    expectValid(create, await call(gw, 'POST', DESTINATIONS, LANGFUSE, ORDINARY), 403);
    const remove = ref('DELETE', ONE);
    expectValid(remove, await call(gw, 'DELETE', `${DESTINATIONS}/${d.id}`), 200);
    expectValid(remove, await call(gw, 'DELETE', `${DESTINATIONS}/${d.id}`), 404);
    expectValid(ref('GET', ONE), await call(gw, 'GET', `${DESTINATIONS}/${d.id}`), 404);
    expect((await call(gw, 'GET', DESTINATIONS)).body).toEqual({ data: [], total_count: 0 });
    // No secret anywhere the gateway shows: answers, journal, inspector state.
    const shown = JSON.stringify([gw.requests(), await (await gw.fetch('/__gatewaykit/management')).text()]);
    expect(shown).not.toContain('SECRET');
    expect(shown).not.toContain('PUBLIC');
  });

  test('the config is checked against its type: missing fields, a bad enum, a sixth of a type, an unknown type are 400s', async () => {
    const gw = gateway();
    const create = ref('POST', DESTINATIONS);
    const missing = await call(gw, 'POST', DESTINATIONS, { type: 'langfuse', name: 'x', config: { publicKey: 'pk' } });
    expectValid(create, missing, 400);
    expect(missing.body.error.message).toMatch(/config\.secretKey/);
    const region = await call(gw, 'POST', DESTINATIONS, { type: 'newrelic', name: 'x', config: { licenseKey: 'k'.repeat(20), region: 'mars' } });
    expect(region.status).toBe(400);
    expect(region.body.error.message).toMatch(/config\.region/);
    expect((await call(gw, 'POST', DESTINATIONS, { type: 'dynatrace', name: 'x', config: {} })).body.error.message).toMatch(/^type: /);
    for (let i = 0; i < 5; i++) expect((await call(gw, 'POST', DESTINATIONS, { ...LANGFUSE, name: `l${i}` })).status).toBe(201);
    const sixth = await call(gw, 'POST', DESTINATIONS, LANGFUSE);
    expectValid(create, sixth, 400);
    expect(sixth.body.error.message).toMatch(/at most 5 destinations of type langfuse/);
    expect((await call(gw, 'POST', DESTINATIONS, { type: 'datadog', name: 'dd', config: { apiKey: 'dd-api-key-0123456789', mlApp: 'app' } })).status).toBe(201);
    // Unknown fields of a config are dropped; every type's answer is the reference's shape.
    const extra = await call(gw, 'POST', DESTINATIONS, {
      type: 'posthog',
      name: 'ph',
      config: { apiKey: 'phc_0123456789abcdefXYZW', nested: { deep: [1, 2] } },
    });
    expectValid(create, extra, 201);
    expect(extra.body.data.config).toEqual({ apiKey: 'phc_...XYZW' });
  });

  test('paging by offset and limit, oldest first, scoped to a workspace; a deleted workspace disables its destinations', async () => {
    const gw = gateway();
    const ws = (await call(gw, 'POST', '/workspaces', { name: 'Team', slug: 'team' })).body.data;
    const names = ['a', 'b', 'c', 'd'];
    for (const name of names) await call(gw, 'POST', DESTINATIONS, { type: 'webhook', name, config: { url: `https://hooks.test/${name}` } });
    const inTeam = await call(gw, 'POST', DESTINATIONS, { type: 'webhook', name: 'team', workspace_id: ws.id, config: { url: 'https://hooks.test/team' } });
    expect(inTeam.status).toBe(201);
    const page = await call(gw, 'GET', `${DESTINATIONS}?offset=1&limit=2`);
    expectValid(ref('GET', DESTINATIONS), page, 200);
    expect(page.body.data.map((d: { name: string }) => d.name)).toEqual(['b', 'c']);
    expect(page.body.total_count).toBe(4);
    const team = await call(gw, 'GET', `${DESTINATIONS}?workspace_id=${ws.id}`);
    expect(team.body.data.map((d: { name: string }) => d.name)).toEqual(['team']);
    expectValid(ref('GET', DESTINATIONS), await call(gw, 'GET', `${DESTINATIONS}?limit=101`), 400);
    const unknownWorkspace = await call(gw, 'POST', DESTINATIONS, { ...LANGFUSE, workspace_id: '00000000-0000-4000-8000-0000000c0de5' });
    expect(unknownWorkspace.body.error.message).toMatch(/^workspace_id: /);

    expect((await call(gw, 'DELETE', `/workspaces/${ws.id}`)).status).toBe(200);
    const kept = await call(gw, 'GET', `${DESTINATIONS}/${inTeam.body.data.id}`);
    expect(kept.body.data.enabled).toBe(false);
    const enable = await call(gw, 'PATCH', `${DESTINATIONS}/${inTeam.body.data.id}`, { enabled: true });
    expect(enable.status).toBe(400);
    expect(enable.body.error.message).toMatch(/was deleted/);
  });

  test('a webhook never points at the gateway itself, its control API, or plain http', async () => {
    const gw = gateway({ webhooks: { allowInsecureLocalhost: true } });
    const hook = (url: string) => call(gw, 'POST', DESTINATIONS, { type: 'webhook', name: 'w', config: { url } });
    const self = await hook('http://127.0.0.1:8080/api/v1/chat/completions');
    expectValid(ref('POST', DESTINATIONS), self, 400);
    expect(self.body.error.message).toMatch(/^config\.url: must not point at this gateway itself/);
    expect((await hook('https://anywhere.test/__gatewaykit/reset')).body.error.message).toMatch(/control API/);
    expect((await hook('http://example.com/hook')).body.error.message).toMatch(/HTTPS/);
    const collector = await call(gw, 'POST', DESTINATIONS, {
      type: 'otel-collector',
      name: 'o',
      config: { endpoint: 'http://localhost:8080/__gatewaykit/reset' },
    });
    expect(collector.body.error.message).toMatch(/^config\.endpoint: /);
    expect((await hook('http://127.0.0.1:9/receiver')).status).toBe(201);
    const moved = await call(gw, 'PATCH', `${DESTINATIONS}/${(await call(gw, 'GET', DESTINATIONS)).body.data[0].id}`, {
      config: { url: 'http://localhost:8080/api/v1/responses' },
    });
    expect(moved.status).toBe(400);
  });

  test('a control reset forgets every destination', async () => {
    const gw = gateway();
    expect((await call(gw, 'POST', DESTINATIONS, LANGFUSE)).status).toBe(201);
    gw.control.reset();
    expect((await call(gw, 'GET', DESTINATIONS)).body).toEqual({ data: [], total_count: 0 });
  });
});
