import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { MessagesErrorBodySchema, MessagesResultSchema } from '../src/schemas/messages-result.ts';
import { ResponsesRequestSchema } from '../src/schemas/responses-request.ts';
import { MessagesRequestSchema } from '../src/schemas/messages-request.ts';
import { toCanonicalRequest } from '../src/operations/messages/to-canonical-request.ts';
import { GatewayError } from '../src/errors/gateway-error.ts';

/**
 * Properties of the Messages surface over generated requests: every valid Messages request
 * translates into a valid canonical request, and every body, valid or not, gets a 200 or a
 * clear error in the Anthropic shape, never a 500.
 */
const text = fc.string({ maxLength: 40 });
const block = fc.oneof(
  text.map((t) => ({ type: 'text', text: t })),
  fc.constant({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }),
  fc.constant({ type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }),
  text.map((t) => ({ type: 'document', source: { type: 'text', media_type: 'text/plain', data: t } })),
  text.map((t) => ({ type: 'tool_result', tool_use_id: 'toolu_1', content: t })),
  fc.constant({ type: 'search_result', source: 'https://example.com', title: 'x', content: [{ type: 'text', text: 'y' }] }),
);
const assistantBlock = fc.oneof(
  text.map((t) => ({ type: 'text', text: t })),
  fc.record({
    type: fc.constant('tool_use'),
    id: fc.constant('toolu_1'),
    name: fc.constant('get_weather'),
    input: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })),
  }),
  text.map((t) => ({ type: 'thinking', thinking: t, signature: 'sig' })),
);
const message = fc.oneof(
  fc.record({ role: fc.constant('user'), content: fc.oneof(text, fc.array(block, { minLength: 1, maxLength: 4 })) }),
  fc.record({ role: fc.constant('assistant'), content: fc.oneof(text, fc.array(assistantBlock, { minLength: 1, maxLength: 3 })) }),
);
const WEATHER = { name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const validRequest = fc.record(
  {
    model: fc.constantFrom('anthropic/claude-sonnet-4.5', 'openai/gpt-4o-mini', 'anthropic/claude-haiku-4.5'),
    max_tokens: fc.integer({ min: 1, max: 4000 }),
    messages: fc.array(message, { minLength: 1, maxLength: 4 }),
    system: fc.oneof(
      text,
      fc.array(
        text.map((t) => ({ type: 'text', text: t })),
        { maxLength: 2 },
      ),
    ),
    tools: fc.constant([WEATHER]),
    tool_choice: fc.constantFrom({ type: 'auto' }, { type: 'none' }, { type: 'any' }, { type: 'tool', name: 'get_weather' }),
    stop_sequences: fc.array(fc.string({ minLength: 1, maxLength: 3 }), { maxLength: 2 }),
    metadata: fc.record({ user_id: fc.string({ maxLength: 20 }) }),
    stream: fc.boolean(),
    temperature: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  // reference MessagesRequest: only model and messages are required.
  { requiredKeys: ['model', 'messages'] },
);

describe('POST /messages properties', () => {
  it('property: every valid Messages request translates into a valid canonical request (or a 400 naming its rule)', () => {
    fc.assert(
      fc.property(validRequest, (body) => {
        const parsed = MessagesRequestSchema.safeParse(body);
        expect(parsed.error?.issues).toBeUndefined();
        const canonical = toCanonicalRequest(parsed.data!);
        if (canonical instanceof GatewayError) {
          expect(canonical.status).toBe(400);
          return;
        }
        expect(ResponsesRequestSchema.safeParse(canonical.request).error?.issues).toBeUndefined();
        expect(canonical.request.max_output_tokens).toBe(body.max_tokens);
      }),
    );
  });

  const gateway = createGateway({ baseUrl: 'http://props.gateway.test/api/v1' });
  const post = (body: unknown) =>
    gateway.fetch('/messages', { method: 'POST', headers: { 'x-api-key': 'sk-gw-test', 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('property: a valid request gets a 200 MessagesResult (or its stream), or an Anthropic-shaped 4xx', async () => {
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(validRequest, async (body) => {
        const res = await post(body);
        statuses.push(res.status);
        if (res.status === 200) {
          if (body.stream === true) expect(await res.text()).toMatch(/event: message_stop\n/);
          else expect(MessagesResultSchema.safeParse(await res.json()).error?.issues).toBeUndefined();
        } else {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(MessagesErrorBodySchema.safeParse(await res.json()).success).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
    // Most generated requests are answered (a 4xx is e.g. a tool-less turn the engine cannot serve).
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(statuses.length / 2);
  });

  it('property: any JSON body gets an answer, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          validRequest.chain((r) => fc.record({ ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fc.constant(v)])), messages: fc.jsonValue() })),
        ),
        async (body) => {
          const res = await post(body);
          expect(res.status).toBeLessThan(500);
          if (res.status !== 200) expect(MessagesErrorBodySchema.safeParse(await res.json()).success).toBe(true);
          else await res.text();
        },
      ),
      { numRuns: 80 },
    );
  });
});
