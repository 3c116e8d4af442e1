import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { jsonHeaders } from './targets.ts';

// In-process (the core is the same on both targets; the targets are covered by the other files).
const gateway = createGateway({ clock: virtualClock() });
const create = async (body: Record<string, unknown>) => {
  const res = await gateway.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify(body) });
  const json = (await res.json()) as Record<string, any>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
};

const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'é', '🙂', '\n', 'word', '<|endoftext|>'), maxLength: 80 });
const input = fc.oneof(
  text,
  fc.array(
    fc.oneof(
      fc.record({ role: fc.constantFrom('user', 'assistant', 'system', 'developer'), content: text }),
      fc.record({
        type: fc.constant('message'),
        role: fc.constant('user'),
        content: fc.array(fc.record({ type: fc.constant('input_text'), text }), { minLength: 1, maxLength: 3 }),
      }),
    ),
    { minLength: 1, maxLength: 4 },
  ),
);

describe('POST /responses properties', () => {
  it('usage adds up for arbitrary inputs, budgets, caching hints and reasoning', async () => {
    await fc.assert(
      fc.asyncProperty(
        input,
        fc.option(fc.integer({ min: 16, max: 200 }), { nil: undefined }),
        fc.boolean(),
        fc.constantFrom('openai/gpt-4o-mini', 'openai/gpt-5-mini'),
        async (inp, max, cache, model) => {
          const r = await create({
            model,
            input: inp,
            reasoning: { effort: 'medium' },
            ...(max !== undefined ? { max_output_tokens: max } : {}),
            ...(cache ? { prompt_cache_key: 'k' } : {}),
          });
          const u = r.usage;
          expect(u.total_tokens).toBe(u.input_tokens + u.output_tokens);
          expect(u.output_tokens_details.reasoning_tokens).toBeLessThanOrEqual(u.output_tokens);
          expect(u.input_tokens_details.cached_tokens).toBeLessThanOrEqual(u.input_tokens);
          if (!cache) expect(u.input_tokens_details.cached_tokens).toBe(0);
          if (max !== undefined) expect(u.output_tokens).toBeLessThanOrEqual(max);
          expect(r.status === 'incomplete').toBe(r.incomplete_details?.reason === 'max_output_tokens');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('required tool calls carry arguments valid for arbitrary simple parameter schemas', async () => {
    const leaf = fc.oneof(
      fc.constant({ type: 'string' }),
      fc.integer({ min: -50, max: 50 }).map((min) => ({ type: 'integer', minimum: min, maximum: min + 10 })),
      fc.constant({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }),
      fc.constant({ type: 'boolean' }),
      fc.constantFrom({ type: 'string', format: 'email' }, { type: 'string', format: 'date-time' }, { type: 'string', format: 'uuid' }),
      fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }).map((values) => ({ type: 'string', enum: values })),
    );
    const prop = fc.oneof(
      leaf,
      leaf.map((items) => ({ type: 'array', items, minItems: 1, maxItems: 3 })),
    );
    const parameters = fc
      .dictionary(fc.stringMatching(/^[a-z][a-z_]{0,7}$/), prop, { minKeys: 1, maxKeys: 5 })
      .chain((properties) => fc.subarray(Object.keys(properties)).map((required) => ({ type: 'object', properties, required, additionalProperties: false })));
    await fc.assert(
      fc.asyncProperty(parameters, fc.string({ maxLength: 30 }), async (params, prompt) => {
        const r = await create({
          model: 'openai/gpt-4o-mini',
          input: prompt || 'go',
          tool_choice: 'required',
          tools: [{ type: 'function', name: 'do_it', description: 'Does it', parameters: params }],
        });
        const call = r.output.find((i: { type: string }) => i.type === 'function_call');
        expect(call?.name).toBe('do_it');
        const parsed = z.fromJSONSchema(params as never).safeParse(JSON.parse(call.arguments as string));
        expect(parsed.success, `${call.arguments} vs ${JSON.stringify(params)}`).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
