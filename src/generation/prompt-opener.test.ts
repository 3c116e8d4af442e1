import { describe, expect, it } from 'vitest';
import { promptOpener } from './prompt-opener.ts';

describe('promptOpener', () => {
  it.each([
    ['How do I bake sourdough bread?', 'Here is how to bake sourdough bread.'],
    ['how to water basil', 'Here is how to water basil.'],
    ['What is the capital of France?', 'About the capital of France: here is the short version.'],
    ['Why is the sky blue?', 'Why is the sky blue? There are a few reasons.'],
    ['Summarise the history of Rome', 'In short, the history of Rome comes down to a few points.'],
    ['hi', 'Hello! How can I help you today?'],
  ])('%s -> %s', (prompt, opener) => {
    expect(promptOpener(prompt)).toBe(opener);
  });
  it('tells a joke when asked, about the subject when given', () => {
    expect(promptOpener('Tell me a joke')).toMatch(/^Here is a joke about computers: why /);
    expect(promptOpener('Tell me a joke about cats')).toMatch(/^Here is a joke about cats: /);
  });
  it('leaves prompts without a known shape to the generic openers', () => {
    expect(promptOpener('Lighthouses')).toBeUndefined();
    expect(promptOpener('')).toBeUndefined();
  });
});
