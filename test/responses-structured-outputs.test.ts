import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';

/** A schema with every construct the issue names; checked by zod's own JSON Schema reader, not by the generator. */
const ORDER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['order_id', 'customer', 'items', 'status', 'contact', 'placed_at', 'payment', 'shipping'],
  properties: {
    order_id: { type: 'string', pattern: '^ORD-[0-9]{6}-[A-Z]{2}$' },
    customer: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'address'],
      properties: { name: { type: 'string', minLength: 2, maxLength: 40 }, address: { $ref: '#/$defs/address' } },
    },
    items: { type: 'array', minItems: 2, maxItems: 4, items: { $ref: '#/$defs/item' } },
    status: { enum: ['pending', 'shipped', 'delivered'] },
    contact: { type: 'string', format: 'email' },
    placed_at: { type: 'string', format: 'date-time' },
    payment: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'last4'],
          properties: { kind: { const: 'card' }, last4: { type: 'string', pattern: '^[0-9]{4}$' } },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'iban'],
          properties: { kind: { const: 'transfer' }, iban: { type: 'string', minLength: 15, maxLength: 34 } },
        },
      ],
    },
    shipping: { anyOf: [{ type: 'null' }, { type: 'number', minimum: 0, maximum: 100 }] },
  },
  $defs: {
    address: {
      type: 'object',
      additionalProperties: false,
      required: ['city', 'zip'],
      properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{5}$' } },
    },
    item: {
      type: 'object',
      additionalProperties: false,
      required: ['sku', 'qty'],
      properties: { sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{3}$' }, qty: { type: 'integer', minimum: 1, maximum: 9 } },
    },
  },
};
const orderValidator = z.fromJSONSchema(ORDER_SCHEMA as never);

describe.each(TARGET_KINDS)('structured outputs (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 21 });
  });
  afterAll(() => target.close());

  const post = (body: Record<string, unknown>) =>
    target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: MODEL, ...body }) });
  const textOf = (result: { output: Array<{ type: string; content?: Array<{ text?: string }> }> }) =>
    result.output
      .filter((i) => i.type === 'message')
      .flatMap((i) => (i.content ?? []).map((p) => p.text ?? ''))
      .join('');
  const answer = async (body: Record<string, unknown>) => {
    const res = await post(body);
    const raw = await res.text();
    expect(res.status, raw).toBe(200);
    return textOf(JSON.parse(raw));
  };
  const streamedAnswer = async (body: Record<string, unknown>) => {
    const raw = await (await post({ ...body, stream: true })).text();
    const events = raw
      .split('\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)) as { type: string; delta?: string; response?: never });
    const deltas = events
      .filter((e) => e.type === 'response.output_text.delta')
      .map((e) => e.delta)
      .join('');
    const completed = events.find((e) => e.type === 'response.completed');
    expect(textOf(completed?.response as never)).toBe(deltas);
    return deltas;
  };

  it.each([[true], [false], [null]])(
    'json_schema (strict %s): nested objects, bounded arrays, enums, pattern, format, oneOf/anyOf, $ref/$defs — valid, streamed and not',
    async (strict) => {
      for (const input of ['Create an order for two notebooks.', 'An order shipped to Porto, paid by transfer.', 'Anything at all']) {
        const body = { input, text: { format: { type: 'json_schema', name: 'order', strict, schema: ORDER_SCHEMA } } };
        const text = await answer(body);
        const value = JSON.parse(text);
        expect(orderValidator.safeParse(value).error?.issues ?? []).toEqual([]);
        expect(await streamedAnswer(body)).toBe(text);
      }
    },
  );

  it('json_object answers with a JSON object, streamed and not', async () => {
    const body = { input: 'Summarise the tides as JSON.', text: { format: { type: 'json_object' } } };
    const text = await answer(body);
    expect(JSON.parse(text)).toEqual({ answer: expect.any(String) });
    expect(await streamedAnswer(body)).toBe(text);
  });

  it('a schema that cannot be satisfied within the budget is a 422 naming the schema path', async () => {
    const res = await post({
      input: 'x',
      text: {
        format: { type: 'json_schema', name: 'huge', schema: { type: 'object', properties: { s: { type: 'string', minLength: 1e9 } }, required: ['s'] } },
      },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/^text\.format\.schema\.properties\.s\.minLength: /);
  });

  it('tool-call arguments use the same generator: pattern honoured, city taken from the prompt', async () => {
    const tool = {
      type: 'function',
      name: 'book_table',
      parameters: {
        type: 'object',
        required: ['city', 'booking_ref', 'party'],
        properties: {
          city: { type: 'string' },
          booking_ref: { type: 'string', pattern: '^BK[0-9]{4}[a-z]$' },
          party: { type: 'integer', minimum: 1, maximum: 8 },
        },
      },
    };
    const res = await post({ input: 'Book a table in Paris for tonight', tools: [tool], tool_choice: 'required' });
    const result = (await res.json()) as { output: Array<{ type: string; arguments: string }> };
    const args = JSON.parse(result.output.find((i) => i.type === 'function_call')?.arguments ?? '{}');
    expect(args.city).toBe('Paris');
    expect(args.booking_ref).toMatch(/^BK[0-9]{4}[a-z]$/);
    expect(args.party).toBeGreaterThanOrEqual(1);
  });

  describe('response-healing repairs only what it should', () => {
    const healing = { plugins: [{ id: 'response-healing' }] };
    const format = { type: 'json_schema', name: 'order', schema: { type: 'object' } };
    const scripted = async (text: string, body: Record<string, unknown>) => {
      const handle = target.gateway.script({ match: { input: 'heal-probe' }, reply: { type: 'text', text }, times: 1 });
      try {
        return await answer({ input: 'heal-probe', ...body });
      } finally {
        handle.remove();
      }
    };
    it('leaves valid JSON byte for byte (spacing included), and a generated schema answer stays valid', async () => {
      expect(await scripted('{ "a": 1,  "b": [true] }', { text: { format }, ...healing })).toBe('{ "a": 1,  "b": [true] }');
      const generated = await answer({ input: 'Create an order', text: { format: { type: 'json_schema', name: 'order', schema: ORDER_SCHEMA } }, ...healing });
      expect(orderValidator.safeParse(JSON.parse(generated)).success).toBe(true);
    });
    it('repairs broken JSON: fences, trailing commas, single quotes, bare keys, unclosed brackets', async () => {
      expect(JSON.parse(await scripted("```json\n{name: 'Ada', tags: ['x', 'y',],\n```", { text: { format }, ...healing }))).toEqual({
        name: 'Ada',
        tags: ['x', 'y'],
      });
    });
    it('closes JSON cut by max_output_tokens into valid JSON, and the answer stays incomplete', async () => {
      const body = { input: 'Create an order', max_output_tokens: 12, text: { format: { type: 'json_schema', name: 'order', schema: ORDER_SCHEMA } } };
      const cut = (await (await post(body)).json()) as never;
      expect(() => JSON.parse(textOf(cut))).toThrow();
      const healed = (await (await post({ ...body, ...healing })).json()) as { status: string };
      expect(healed.status).toBe('incomplete');
      expect(() => JSON.parse(textOf(healed as never))).not.toThrow();
    });
    it('does not touch answers without a JSON format, even JSON-looking ones', async () => {
      expect(await scripted("Here {a: 'x',} is not JSON", healing)).toBe("Here {a: 'x',} is not JSON");
    });
  });
});
