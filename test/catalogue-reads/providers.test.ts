import { describe, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/index.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { referenceValidator } from './reference-schema.ts';

const auth = { authorization: 'Bearer sk-gw-test' };

describe('GET /providers (reference listProviders)', () => {
  const gateway = createGateway({ clock: virtualClock() });
  const reference = referenceValidator();

  it('lists every catalogue provider once, in slug order, valid for the reference schema', async () => {
    const res = await gateway.fetch('/providers', { headers: auth });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ slug: string; name: string; datacenters: string[] }> };
    expect(reference.validate('/providers', '200', body)).toEqual([]);
    const slugs = body.data.map((p) => p.slug);
    expect(slugs).toEqual([...slugs].sort());
    expect(new Set(slugs)).toEqual(new Set(gateway.catalog.providers.map((p) => p.slug)));
    expect(body.data.find((p) => p.slug === 'mistral')).toMatchObject({ name: 'Mistral', headquarters: 'FR', datacenters: ['FR'] });
  });

  it('is deterministic: the same bytes twice', async () => {
    const a = await (await gateway.fetch('/providers', { headers: auth })).text();
    expect(await (await gateway.fetch('/providers', { headers: auth })).text()).toBe(a);
  });

  it('without a key: 401 in the error envelope', async () => {
    const res = await gateway.fetch('/providers');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(401);
  });
});
