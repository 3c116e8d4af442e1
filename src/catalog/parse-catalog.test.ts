import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from './default-catalog.ts';
import { CatalogError, parseCatalog } from './parse-catalog.ts';

const provider = { slug: 'acme', name: 'Acme' };
const model = {
  id: 'acme/one',
  name: 'One',
  context_length: 8192,
  created: '2025-01-02',
  endpoints: [{ provider: 'acme', pricing: { prompt: 0.000001, completion: '0.000002' }, latency: 0.5 }],
};

describe('parseCatalog', () => {
  it('the default catalogue has at least 12 text models of 5 vendors and 8 providers', () => {
    expect(DEFAULT_CATALOG.models.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DEFAULT_CATALOG.models.map((m) => m.id.split('/')[0])).size).toBeGreaterThanOrEqual(5);
    expect(DEFAULT_CATALOG.providers.length).toBeGreaterThanOrEqual(8);
  });
  it('normalises dates, prices and latency percentiles', () => {
    const c = parseCatalog({ providers: [provider], models: [model] });
    const m = c.models[0]!;
    expect(m.created).toBe(Date.UTC(2025, 0, 2) / 1000);
    expect(m.endpoints[0]!.pricing.prompt).toBe('0.000001');
    expect(m.endpoints[0]!.latency).toEqual({ p50: 0.5, p75: 0.65, p90: 0.9, p99: 1.5 });
    expect(c.providers[0]).toMatchObject({ data_collection: 'allow', zdr: false });
  });
  it('names the source, the path and the rule of every issue', () => {
    const bad = { providers: [provider, provider], models: [{ ...model, endpoints: [{ provider: 'ghost', pricing: { prompt: 'cheap', completion: '0' } }] }] };
    try {
      parseCatalog(bad, 'my.json');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CatalogError);
      const err = e as CatalogError;
      expect(err.message).toContain('Invalid catalog my.json');
      expect(err.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['models[0].endpoints[0].pricing.prompt']));
    }
    expect(() => parseCatalog({ providers: [provider, provider], models: [model] })).toThrow(/providers\[1\]\.slug: duplicate provider slug "acme"/);
    expect(() => parseCatalog({ providers: [provider], models: [{ ...model, endpoints: [{ ...model.endpoints[0], provider: 'ghost' }] }] })).toThrow(
      /models\[0\]\.endpoints\[0\]\.provider: "ghost" is not a provider/,
    );
  });
  it('"extends": "default" layers a file over the embedded catalogue (replace by id, append new)', () => {
    const replaced = { ...model, id: 'openai/gpt-5', name: 'My GPT-5', endpoints: [{ provider: 'acme', pricing: { prompt: '0', completion: '0' } }] };
    const c = parseCatalog({ extends: 'default', providers: [provider], models: [replaced, model] });
    expect(c.models).toHaveLength(DEFAULT_CATALOG.models.length + 1);
    expect(c.models.find((m) => m.id === 'openai/gpt-5')?.name).toBe('My GPT-5');
    expect(c.providers.map((p) => p.slug)).toContain('acme');
  });
});
