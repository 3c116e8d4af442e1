import { describe, expect, it } from 'vitest';
import { urlAllowed, urlMatchesDomain } from './domain-pattern.ts';
import { modelMatches } from '../routing/model-pattern.ts';

describe('domain patterns (web / web-fetch)', () => {
  it.each([
    ['https://example.com/a', 'example.com', true],
    ['https://docs.example.com/a', 'example.com', true],
    ['https://notexample.com/', 'example.com', false],
    ['https://a.substack.com/p', '*.substack.com', true],
    ['https://substack.com/p', '*.substack.com', false],
    ['https://openai.com/blog/x', 'openai.com/blog', true],
    ['https://openai.com/blogger', 'openai.com/blog', false],
    ['https://openai.com/research', 'https://openai.com/blog', false],
    ['not a url', 'example.com', false],
  ])('%s vs %s -> %s', (url, pattern, expected) => {
    expect(urlMatchesDomain(url, pattern)).toBe(expected);
  });
  it('include then exclude', () => {
    expect(urlAllowed('https://a.example.com/', ['example.com'], ['a.example.com'])).toBe(false);
    expect(urlAllowed('https://b.example.com/', ['example.com'], ['a.example.com'])).toBe(true);
    expect(urlAllowed('https://x.org/', [], undefined)).toBe(true);
  });
  it('model wildcards', () => {
    expect(modelMatches('anthropic/claude-sonnet-4.5', 'anthropic/*')).toBe(true);
    expect(modelMatches('openai/gpt-5', 'anthropic/*')).toBe(false);
    expect(modelMatches('openai/gpt-5.1', 'openai/gpt-5')).toBe(false);
  });
});
