import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { ErrorBodySchema } from '../../src/schemas/error-body.ts';

/**
 * issue 40 item 5 for the observability destinations: the attack table on
 * `/observability/destinations`. Each hostile request gets a clear 4xx in the spec 7 envelope,
 * names are data (nothing reaches Object.prototype), creations at once stay within the bounds,
 * and no secret of a config reaches the journal or the inspector.
 */
const MANAGEMENT = { authorization: 'Bearer sk-gw-management', 'content-type': 'application/json' };
const PATH = '/observability/destinations';
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const hook = (config: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ type: 'webhook', name: 'w', config, ...extra });

/** [attack, body, the status it gets, what its message names]. */
const ATTACKS: readonly (readonly [string, string, number, RegExp])[] = [
  ['a 1 MB config value', hook({ url: `https://hooks.test/${'x'.repeat(1e6)}` }), 413, /Payload too large/],
  ['a config of 100 fields', hook(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i]))), 400, /^config: at most 64 fields/],
  ['a config nested 100,000 deep', `{"type":"webhook","name":"w","config":{"url":${deep(100_000)}}}`, 400, /deeper than/],
  ['a url nested in objects', hook({ url: { nested: { deeper: ['https://hooks.test'] } } }), 400, /^config\.url: /],
  ['a header named constructor.prototype', hook({ url: 'https://hooks.test', headers: { 'constructor.prototype': 'x' } }), 400, /^config\.headers/],
  ['a header value with CR LF', hook({ url: 'https://hooks.test', headers: { 'X-A': 'v\r\nX-Injected: 1' } }), 400, /^config\.headers/],
  [
    '40 headers',
    hook({ url: 'https://hooks.test', headers: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`X-H${i}`, 'v'])) }),
    400,
    /at most 32 headers/,
  ],
  ['a header the gateway signs with', hook({ url: 'https://hooks.test', headers: { 'X-Gateway-Signature': 'forged' } }), 400, /sets itself/],
  ['type __proto__', JSON.stringify({ type: '__proto__', name: 'w', config: {} }), 400, /^type: /],
  ['type constructor', JSON.stringify({ type: 'constructor', name: 'w', config: {} }), 400, /^type: /],
  ['a javascript: url', hook({ url: 'javascript:alert(1)' }), 400, /^config\.url: /],
  ['a file: url', hook({ url: 'file:///etc/passwd' }), 400, /^config\.url: /],
  ['a url with a password', hook({ url: 'https://user:pass@hooks.test/in' }), 400, /^config\.url: a URL carries no user or password/],
  ['sampling_rate 0', hook({ url: 'https://hooks.test' }, { sampling_rate: 0 }), 400, /^sampling_rate: /],
  ['sampling_rate 1e308', hook({ url: 'https://hooks.test' }, { sampling_rate: 1e308 }), 400, /^sampling_rate: /],
  [
    'a catastrophic filter regex',
    hook({ url: 'https://hooks.test' }, { filter_rules: { groups: [{ rules: [{ field: 'output', operator: 'regex', value: '(a+)+$' }] }] } }),
    400,
    /^filter_rules\.groups\[0\]\.rules\[0\]\.value: nested quantifiers/,
  ],
  [
    '1,000 filter groups',
    hook({ url: 'https://hooks.test' }, { filter_rules: { groups: Array.from({ length: 1000 }, () => ({ rules: [] })) } }),
    400,
    /^filter_rules\.groups: /,
  ],
  ['api_key_hashes that are not hashes', hook({ url: 'https://hooks.test' }, { api_key_hashes: ['../../etc'] }), 400, /^api_key_hashes\[0\]: /],
];

describe('attacks on the observability destinations', () => {
  const gateway = createGateway();

  it.each(ATTACKS)('%s: refused in the envelope', async (_name, body, status, message) => {
    const res = await gateway.fetch(PATH, { method: 'POST', headers: MANAGEMENT, body });
    expect(res.status).toBe(status);
    const envelope = ErrorBodySchema.parse(await res.json());
    expect(envelope.error.message).toMatch(message);
  });

  it('names such as __proto__ are data or dropped: nothing reaches Object.prototype', async () => {
    const res = await gateway.fetch(PATH, {
      method: 'POST',
      headers: MANAGEMENT,
      body: '{"type":"posthog","name":"__proto__","config":{"apiKey":"phc_0123456789abcdef0000"},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { data: { id: string; name: string; config: Record<string, unknown> } };
    expect(created.data.name).toBe('__proto__');
    expect(Object.keys(created.data.config)).toEqual(['apiKey']);
    // A `__proto__` key is dropped where it stands (config field or header name); other names the type does not take too.
    const hookWithProto = await gateway.fetch(PATH, {
      method: 'POST',
      headers: MANAGEMENT,
      body: '{"type":"webhook","name":"w","config":{"url":"https://hooks.test","headers":{"__proto__":"x","X-A":"1"}}}',
    });
    expect(hookWithProto.status).toBe(201);
    expect(Object.keys(((await hookWithProto.json()) as { data: { config: { headers: object } } }).data.config.headers)).toEqual(['X-A']);
    for (const body of ['{"config":{"__proto__":{"polluted":true}}}', '{"config":{"constructor":{"prototype":{"polluted":true}}}}']) {
      const patched = await gateway.fetch(`${PATH}/${created.data.id}`, { method: 'PATCH', headers: MANAGEMENT, body });
      expect(patched.status).toBe(200);
      expect(((await patched.json()) as { data: { config: Record<string, unknown> } }).data.config).toEqual(created.data.config);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('40 creations at once of one type: exactly 5 are made (the reference bound), the rest are 400s, and 5 are listed', async () => {
    const gw = createGateway();
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) => gw.fetch(PATH, { method: 'POST', headers: MANAGEMENT, body: hook({ url: `https://hooks.test/${i}` }) })),
    );
    const statuses = made.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(35);
    const listed = (await (await gw.fetch(PATH, { headers: MANAGEMENT })).json()) as { data: Array<{ id: string }>; total_count: number };
    expect(listed.total_count).toBe(5);
    expect(new Set(listed.data.map((d) => d.id)).size).toBe(5);
  });

  it('no secret of a config reaches the journal or the inspector', async () => {
    const gw = createGateway();
    const secrets = ['sk-lf-SECRET-0123456789abcdef', 'pk-lf-PUBLIC-0123456789abcdef', 'Bearer HEADER-SECRET-0123456789', 'SNOWFLAKE-TOKEN-0123456789'];
    const bodies = [
      { type: 'langfuse', name: 'lf', config: { secretKey: secrets[0], publicKey: secrets[1] } },
      { type: 'webhook', name: 'hook', config: { url: 'https://hooks.test/in', headers: { Authorization: secrets[2] } } },
      {
        type: 'clickhouse',
        name: 'ch',
        config: { host: 'https://user:PASSWORD-IN-URL@ch.test:8443', database: 'd', username: 'u', password: 'CLICKHOUSE-PASSWORD-0123' },
      },
      { type: 'snowflake', name: 'sf', config: { account: 'xy12345.us-east-1', token: secrets[3] } },
    ];
    for (const body of bodies) expect((await gw.fetch(PATH, { method: 'POST', headers: MANAGEMENT, body: JSON.stringify(body) })).status).toBe(201);
    const listed = await (await gw.fetch(PATH, { headers: MANAGEMENT })).text();
    const id = (JSON.parse(listed) as { data: Array<{ id: string }> }).data[1]!.id;
    await gw.fetch(`${PATH}/${id}`, {
      method: 'PATCH',
      headers: MANAGEMENT,
      body: JSON.stringify({ config: { headers: { Authorization: 'Bearer ROTATED-SECRET-0123456789' } } }),
    });
    const seen =
      listed + JSON.stringify(gw.requests()) + (await (await gw.fetch('/__gatewaykit/management')).text()) + (await (await gw.fetch('/__gatewaykit/')).text());
    for (const secret of [...secrets, 'PASSWORD-IN-URL', 'CLICKHOUSE-PASSWORD', 'ROTATED-SECRET']) expect(seen).not.toContain(secret.replace(/^Bearer /, ''));
  });
});
