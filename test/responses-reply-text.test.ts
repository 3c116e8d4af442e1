import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/** Replies that read like answers (issue item 12), deterministic and shaped by the prompt, on both targets. */
describe.each(TARGET_KINDS)('reply text (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 12 });
  });
  afterAll(() => target.close());

  const reply = async (input: string) => {
    const res = await target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: 'openai/gpt-4o-mini', input }) });
    const body = (await res.json()) as { output: Array<{ content: Array<{ text: string }> }> };
    return body.output[0]?.content[0]?.text ?? '';
  };

  it.each([
    ['How do I bake sourdough bread?', 'Here is how to bake sourdough bread.'],
    ['What is the capital of France?', 'About the capital of France: here is the short version.'],
    ['Tell me a joke about cats', 'Here is a joke about cats: '],
    ['Summarise the history of Rome', 'In short, the history of Rome comes down to a few points.'],
  ])('%s', async (prompt, opening) => {
    const text = await reply(prompt);
    expect(text.startsWith(opening)).toBe(true);
    expect(text).not.toMatch(/short answer about/);
    expect(await reply(prompt)).toBe(text);
  });
});
