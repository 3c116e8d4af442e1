import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GATEWAY_SERVER_TOOL_NAMES, isFunctionTool, ToolSchema } from './tools.ts';

describe('ToolSchema (spec 2.4.1)', () => {
  it('checks function tools', () => {
    expect(ToolSchema.safeParse({ type: 'function', name: 'f', description: 'd', parameters: { type: 'object' } }).success).toBe(true);
    expect(ToolSchema.safeParse({ type: 'function', description: 'd', parameters: {} }).success).toBe(false);
    expect(ToolSchema.safeParse({ type: 'function', name: '', parameters: {} }).success).toBe(false);
    expect(ToolSchema.safeParse({ type: 'function', name: 'f', parameters: 'schema' }).success).toBe(false);
  });
  it('accepts gateway:<name> server tools and other kinds loosely', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GATEWAY_SERVER_TOOL_NAMES),
        fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.jsonValue(), { maxKeys: 3 }),
        (name, extra) => {
          const tool = ToolSchema.parse({ ...extra, type: `gateway:${name}` });
          expect(isFunctionTool(tool)).toBe(false);
        },
      ),
      { numRuns: 50 },
    );
    expect(ToolSchema.safeParse({ type: 'web_search_preview_2025_03_11', search_context_size: 'low' }).success).toBe(true);
    expect(ToolSchema.safeParse({ name: 'no type' }).success).toBe(false);
  });
  it('checks gateway:web_fetch parameters as the web-fetch plugin checks its settings (reference WebFetchServerToolConfig)', () => {
    expect(
      ToolSchema.safeParse({
        type: 'gateway:web_fetch',
        parameters: { max_uses: 3, max_content_tokens: 100, allowed_domains: ['a.com'], engine: 'auto', future: 1 },
      }).success,
    ).toBe(true);
    for (const parameters of [{ max_uses: -1 }, { max_content_tokens: 0 }, { engine: 'bing' }, { blocked_domains: 'a.com' }, null]) {
      expect(ToolSchema.safeParse({ type: 'gateway:web_fetch', parameters }).success, JSON.stringify(parameters)).toBe(false);
    }
  });
});
