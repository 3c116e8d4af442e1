import { describe, expect, it } from 'vitest';
import { WebFetchPluginSchema } from '../schemas/plugins.ts';
import { webFetch } from './web-fetch.ts';

const entry = (config: Record<string, unknown>) => ({ id: 'web-fetch' as const, index: 1, config: WebFetchPluginSchema.parse({ id: 'web-fetch', ...config }) });
const text = 'See https://example.com/, https://nodejs.org/api/http.html and https://docs.test/a.';

describe('web-fetch plugin', () => {
  it('fetches every URL of the input, deterministically for unknown pages', () => {
    const a = webFetch(entry({}), [text]);
    expect(a.fetches.map((f) => [f.url, f.status])).toEqual([
      ['https://example.com/', 'ok'],
      ['https://nodejs.org/api/http.html', 'ok'],
      ['https://docs.test/a', 'ok'],
    ]);
    expect(webFetch(entry({}), [text]).context).toEqual(a.context);
  });
  it('max_uses: fetches past the limit are tool errors', () => {
    const r = webFetch(entry({ max_uses: 1 }), [text]);
    expect(r.fetches.map((f) => f.error ?? 'ok')).toEqual(['ok', 'max_uses (1) exceeded', 'max_uses (1) exceeded']);
    expect(r.stage.summary).toBe('1 page fetched, 2 errors');
  });
  it('allowed_domains and blocked_domains', () => {
    expect(webFetch(entry({ allowed_domains: ['example.com'] }), [text]).fetches.map((f) => f.status)).toEqual(['ok', 'error', 'error']);
    expect(webFetch(entry({ blocked_domains: ['nodejs.org'] }), [text]).fetches[1]).toMatchObject({ status: 'error', error: 'domain is in blocked_domains' });
  });
  it('a host under .invalid never resolves: an error with the reference code; each error carries its code', () => {
    const r = webFetch(entry({ blocked_domains: ['nodejs.org'] }), [`${text} Also https://api.example.invalid/x`]);
    expect(r.fetches.map((f) => f.code ?? 'ok')).toEqual(['ok', 'url_not_allowed', 'ok', 'url_not_accessible']);
    expect(r.fetches[3]!.error).toBe('host api.example.invalid does not resolve');
    expect(r.stage.summary).toBe('2 pages fetched, 2 errors');
    // The page text is read by the model, not copied into the pipeline metadata.
    expect(JSON.stringify(r.stage.data)).not.toContain('illustrative examples');
    expect(r.fetches[0]!.text).toContain('illustrative examples');
  });
  it('max_content_tokens truncates page text (4 characters a token)', () => {
    const r = webFetch(entry({ max_content_tokens: 5 }), ['https://example.com/']);
    expect(r.fetches[0]).toMatchObject({ truncated: true, tokens: 5 });
    expect(r.context[0]).toContain('[truncated]: Example Doma');
  });
});
