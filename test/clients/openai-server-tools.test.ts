import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FETCH_PAGES } from '../../src/plugins/web-fetch.ts';
import { startTarget, TARGET_KINDS, type Target } from '../targets.ts';

/**
 * The `gateway:web_fetch` server tool through the official `openai` package (6.x) at its default
 * settings (retries included), in-process and over a port. The SDK does not know the tool kind, so
 * the tool is passed through a cast, as a user of a gateway-only tool must.
 */
const MODEL = 'openai/gpt-4o-mini';
const PAGE = FETCH_PAGES[0]!;
const INPUT = `What does ${PAGE.url} say?`;
const TOOLS = [{ type: 'gateway:web_fetch', parameters: { max_uses: 5 } }] as unknown as OpenAI.Responses.Tool[];

describe.each(TARGET_KINDS)('openai SDK with gateway:web_fetch (%s)', (kind) => {
  let target: Target;
  let client: OpenAI;
  beforeAll(async () => {
    target = await startTarget(kind);
    client = new OpenAI({ baseURL: target.baseUrl, apiKey: 'sk-gw-test' });
  });
  afterAll(() => target.close());

  test('responses.create: the fetch item, then a message citing the page; output_text is the message text', async () => {
    const response = await client.responses.create({ model: MODEL, input: INPUT, tools: TOOLS });
    const [fetched, message] = response.output as unknown as [Record<string, unknown>, OpenAI.Responses.ResponseOutputMessage];
    expect(fetched).toMatchObject({ type: 'gateway:web_fetch', url: PAGE.url, title: PAGE.title, httpStatus: 200, content: PAGE.text, status: 'completed' });
    expect(message.type).toBe('message');
    expect(response.output_text).toContain(`[${PAGE.title}](${PAGE.url})`);
    expect((response.usage as unknown as { server_tool_use_details: unknown }).server_tool_use_details).toEqual({
      tool_calls_requested: 1,
      tool_calls_executed: 1,
      web_search_requests: 0,
    });
  });

  test('stream: true: the SDK yields the fetch item added then done, and the completed response carries it', async () => {
    const stream = await client.responses.create({ model: MODEL, input: INPUT, tools: TOOLS, stream: true });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const itemEvents = events.flatMap((e) =>
      e.type === 'response.output_item.added' || e.type === 'response.output_item.done' ? [[e.type, (e.item as { type: string }).type]] : [],
    );
    expect(itemEvents).toEqual([
      ['response.output_item.added', 'gateway:web_fetch'],
      ['response.output_item.done', 'gateway:web_fetch'],
      ['response.output_item.added', 'message'],
      ['response.output_item.done', 'message'],
    ]);
    const completed = events.at(-1) as Extract<ResponseStreamEvent, { type: 'response.completed' }>;
    expect(completed.type).toBe('response.completed');
    expect(completed.response.output[0]).toMatchObject({ type: 'gateway:web_fetch', url: PAGE.url, content: PAGE.text });
  });
});
