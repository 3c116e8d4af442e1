import { describe, expect, it } from 'vitest';
import { WebPluginSchema } from '../schemas/plugins.ts';
import { validateResponsesRequest } from '../validation/validate-responses-request.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { WEB_CORPUS, webSearch } from './web-search.ts';

const entry = (config: Record<string, unknown>) => ({ id: 'web' as const, index: 0, config: WebPluginSchema.parse({ id: 'web', ...config }) });
/** A request with this plugin config, through the one validation of POST /responses. */
const validating = (config: Record<string, unknown>) => () => validateResponsesRequest({ input: 'x', plugins: [{ id: 'web', ...config }] });

describe('web plugin', () => {
  it('honours include_domains with wildcards and max_results, ranking by shared words', () => {
    const r = webSearch(entry({ include_domains: ['*.substack.com'], max_results: 1 }), 'sticky sessions and llm routing');
    expect(r.stage.data?.results).toEqual([{ url: 'https://simonwillison.substack.com/p/llm-routing', title: 'Notes on LLM routing' }]);
    expect(r.context).toHaveLength(1);
  });
  it('honours exclude_domains with path filters', () => {
    const r = webSearch(entry({ exclude_domains: ['openai.com/blog', 'en.wikipedia.org'], max_results: 50 }), 'responses api');
    const urls = (r.stage.data?.results as Array<{ url: string }>).map((x) => x.url);
    expect(urls).not.toContain('https://openai.com/blog/introducing-the-responses-api');
    expect(urls).toContain('https://openai.com/research/gpt-4');
    expect(urls.some((u) => u.includes('wikipedia'))).toBe(false);
    expect(urls).toHaveLength(WEB_CORPUS.length - 2);
  });
  it('cites every result, in rank order, with its url and title', () => {
    const r = webSearch(entry({ max_results: 3 }), 'server-sent events');
    const results = r.stage.data?.results as Array<{ url: string; title: string }>;
    expect(r.citations).toHaveLength(3);
    expect(r.citations).toEqual(results.map(({ url, title }) => ({ url, title })));
  });
  it('max_results 0 asks for no results (spec 2.5 states no bound); a negative or non-integer one is a 400 naming the field', () => {
    const none = webSearch(entry({ max_results: 0 }), 'server-sent events');
    expect(none.citations).toEqual([]);
    expect(none.context).toEqual([]);
    expect(validating({ max_results: 0 })).not.toThrow();
    expect(validating({ max_results: -1 })).toThrow(GatewayError);
    expect(validating({ max_results: -1 })).toThrow(/^plugins\[0\]\.max_results: must be >= 0 \(got -1\)$/);
    expect(validating({ max_results: 'five' })).toThrow(/plugins\[0\]\.max_results/);
  });
});
