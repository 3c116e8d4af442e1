import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { ResponsesResultSchema } from '../src/schemas/responses-result.ts';
import { StreamEventSchema } from '../src/schemas/stream-events.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';
const START = Date.UTC(2026, 2, 12, 14, 30);

/** Server tools (issue item 3): web search (OpenAI-style and gateway:) and gateway:datetime, on both targets. */
describe.each(TARGET_KINDS)('server tools (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(START), seed: 6 });
  });
  afterAll(() => target.close());

  const post = (body: Record<string, unknown>) =>
    target.fetch('/responses', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: MODEL, input: 'What is new with server-sent events and streaming?', ...body }) });
  const create = async (body: Record<string, unknown>) => {
    const res = await post(body);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const result = JSON.parse(text) as any;
    expect(ResponsesResultSchema.safeParse(result).success).toBe(true);
    return result;
  };

  it.each([['web_search'], ['web_search_preview'], ['gateway:web_search']])('%s: a search item with sources from the fixtures, then a message whose annotations point into its text', async (type) => {
    const result = await create({ tools: [{ type }] });
    const [search, message] = result.output;
    expect(search).toMatchObject({ type: type === 'gateway:web_search' ? 'gateway:web_search' : 'web_search_call', status: 'completed', action: { type: 'search', query: expect.any(String) } });
    expect(search.action.sources.length).toBeGreaterThan(0);
    const text = message.content[0].text as string;
    const annotations = message.content[0].annotations as Array<{ url: string; title: string; start_index: number; end_index: number }>;
    expect(annotations.map((a) => a.url)).toEqual(search.action.sources.map((s: { url: string }) => s.url));
    for (const a of annotations) expect(text.slice(a.start_index, a.end_index)).toBe(`[${a.title}](${a.url})`);
    // Deterministic from the fixtures: the same request finds the same sources.
    expect((await create({ tools: [{ type }] })).output[0].action).toEqual(search.action);
  });

  it('gateway:datetime reports the gateway clock', async () => {
    const result = await create({ input: 'What time is it?', tools: [{ type: 'gateway:datetime' }] });
    expect(result.output[0]).toMatchObject({ type: 'gateway:datetime', status: 'completed', datetime: new Date(START).toISOString(), timezone: 'UTC' });
    expect(result.output[0].id).toMatch(/^dt_/);
  });

  it('max_tool_calls bounds the server-tool calls; tool_choice none calls none', async () => {
    const tools = [{ type: 'gateway:web_search' }, { type: 'gateway:datetime' }];
    expect((await create({ tools })).output.filter((i: any) => i.type.startsWith('gateway:'))).toHaveLength(2);
    expect((await create({ tools, max_tool_calls: 1 })).output.filter((i: any) => i.type.startsWith('gateway:')).map((i: any) => i.type)).toEqual(['gateway:web_search']);
    expect((await create({ tools, max_tool_calls: 0 })).output.map((i: any) => i.type)).toEqual(['message']);
    expect((await create({ tools, tool_choice: 'none' })).output.map((i: any) => i.type)).toEqual(['message']);
  });

  it('streams the reference events: output_item.added/done and web_search_call in_progress -> searching -> completed', async () => {
    const raw = await (await post({ tools: [{ type: 'web_search' }], stream: true })).text();
    const events = raw
      .split('\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)) as { type: string });
    for (const e of events) expect(StreamEventSchema.safeParse(e).success, e.type).toBe(true);
    const types = events.map((e) => e.type);
    const at = types.indexOf('response.web_search_call.in_progress');
    expect(types.slice(at - 1, at + 4)).toEqual([
      'response.output_item.added',
      'response.web_search_call.in_progress',
      'response.web_search_call.searching',
      'response.web_search_call.completed',
      'response.output_item.done',
    ]);
    expect(types).toContain('response.output_text.annotation.added');
  });
});
