import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const image = (detail?: string) => ({ type: 'input_image', image_url: 'https://example.com/cat.png', ...(detail ? { detail } : {}) });
const file = { type: 'input_file', filename: 'notes.txt', file_data: `data:text/plain;base64,${btoa('x'.repeat(3000))}` };
const audio = { type: 'input_audio', input_audio: { data: btoa('a'.repeat(800)), format: 'wav' } };
const ask = (...parts: unknown[]) => [{ role: 'user', content: [{ type: 'input_text', text: 'What is in this?' }, ...parts] }];

/** Capabilities from the catalogue (issue item 4), on both targets. */
describe.each(TARGET_KINDS)('capabilities (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 8, catalog: 'small' });
  });
  afterAll(() => target.close());

  const post = async (body: Record<string, unknown>) => {
    const res = await target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as any };
  };

  it.each([
    ['meta-llama/llama-3.3-70b-instruct', [image()], 'image input'],
    ['anthropic/claude-haiku-4.5', [file], 'file input'],
    ['openai/gpt-5', [audio], 'audio input'],
  ])('%s without the capability: 404 "No endpoints found that support %s"', async (model, parts, capability) => {
    const { status, body } = await post({ model, input: ask(...parts) });
    expect(status).toBe(404);
    expect(ErrorBodySchema.parse(body).error.message).toBe(`No endpoints found that support ${capability}`);
  });

  it('a model with the capability answers; a fallback that has it is used when the primary lacks it', async () => {
    expect((await post({ model: 'google/gemini-2.5-flash', input: ask(image(), file, audio) })).status).toBe(200);
    const fallback = await post({ model: 'meta-llama/llama-3.3-70b-instruct', models: ['openai/gpt-4o-mini'], input: ask(image()) });
    expect(fallback.status).toBe(200);
    expect(fallback.body.model).toBe('openai/gpt-4o-mini');
  });

  it('modalities ["image"] on a model without image output is refused with the capability named', async () => {
    const { status, body } = await post({ model: 'openai/gpt-4o-mini', input: 'Draw a cat', modalities: ['image'] });
    expect(status).toBe(404);
    expect(body.error.message).toBe('No endpoints found that support image output');
    expect((await post({ model: 'openai/gpt-4o-mini', input: 'Hi', modalities: ['text'] })).status).toBe(200);
  });

  it('images and files are billed as input tokens by the documented rule', async () => {
    const base = (await post({ model: 'openai/gpt-4o-mini', input: ask() })).body.usage.input_tokens;
    const tokens = async (...parts: unknown[]) => (await post({ model: 'openai/gpt-4o-mini', input: ask(...parts) })).body.usage.input_tokens - base;
    expect(await tokens(image())).toBe(765);
    expect(await tokens(image('low'))).toBe(85);
    expect(await tokens(image(), image('low'))).toBe(850);
    expect(await tokens(file)).toBe(750); // 3000 bytes / 4
    expect(await tokens({ type: 'input_file', file_url: 'https://example.com/a.pdf' })).toBe(256);
  });
});
