import OpenAI from 'openai';
import { zodTextFormat } from 'openai/helpers/zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { startTarget, TARGET_KINDS, type Target } from '../targets.ts';

/**
 * Structured outputs through the official `openai` package (6.x) at its default settings (retries
 * included), with zod 4 schemas: `responses.parse` + `zodTextFormat` returns the parsed object,
 * streamed and not, in-process (msw) and over a real port.
 */
const MODEL = 'openai/gpt-4o-mini';

const Event = z.object({
  name: z.string(),
  date: z.string(),
  city: z.string(),
  attendees: z
    .array(z.object({ name: z.string(), role: z.enum(['host', 'guest', 'speaker']) }))
    .min(1)
    .max(4),
  tags: z.array(z.string()).max(3),
  priority: z.number().int().min(1).max(5),
  online: z.boolean(),
  notes: z.string().nullable(),
});

describe.each(TARGET_KINDS)('openai SDK structured outputs (%s)', (kind) => {
  let target: Target;
  let client: OpenAI;
  beforeAll(async () => {
    target = await startTarget(kind);
    client = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
  });
  afterAll(() => target.close());

  test('responses.parse with zodTextFormat returns the parsed object, valid for the schema', async () => {
    const response = await client.responses.parse({
      model: MODEL,
      input: 'Plan a team offsite in Lisbon next spring.',
      text: { format: zodTextFormat(Event, 'event') },
    });
    expect(response.status).toBe('completed');
    const parsed = response.output_parsed;
    expect(parsed).not.toBeNull();
    expect(Event.parse(parsed)).toEqual(parsed);
    // The prompt names the place, so the place member takes it.
    expect(parsed?.city).toBe('Lisbon');
  });

  test('responses.stream with zodTextFormat: the final response parses too', async () => {
    const stream = client.responses.stream({
      model: MODEL,
      input: 'Describe a product launch in Kyoto.',
      text: { format: zodTextFormat(Event, 'event') },
    });
    let deltas = '';
    for await (const event of stream) if (event.type === 'response.output_text.delta') deltas += event.delta;
    const final = await stream.finalResponse();
    expect(final.output_parsed).not.toBeNull();
    expect(Event.parse(final.output_parsed)).toEqual(final.output_parsed);
    expect(JSON.parse(deltas)).toEqual(final.output_parsed);
  });

  test('json_object answers with a JSON object', async () => {
    const response = await client.responses.create({ model: MODEL, input: 'Give me a JSON summary of the tides.', text: { format: { type: 'json_object' } } });
    const value = JSON.parse(response.output_text) as unknown;
    expect(typeof value).toBe('object');
    expect(Array.isArray(value)).toBe(false);
  });
});
