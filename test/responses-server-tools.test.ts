import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { FETCH_PAGES } from '../src/plugins/web-fetch.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
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
    target.fetch('/responses', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ model: MODEL, input: 'What is new with server-sent events and streaming?', ...body }),
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await post(body);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const result = JSON.parse(text) as any;
    expect(ResponsesResultSchema.safeParse(result).success).toBe(true);
    return result;
  };

  it.each([['web_search'], ['web_search_preview'], ['gateway:web_search']])(
    '%s: a search item with sources from the fixtures, then a message whose annotations point into its text',
    async (type) => {
      const result = await create({ tools: [{ type }] });
      const [search, message] = result.output;
      expect(search).toMatchObject({
        type: type === 'gateway:web_search' ? 'gateway:web_search' : 'web_search_call',
        status: 'completed',
        action: { type: 'search', query: expect.any(String) },
      });
      expect(search.action.sources.length).toBeGreaterThan(0);
      const text = message.content[0].text as string;
      const annotations = message.content[0].annotations as Array<{ url: string; title: string; start_index: number; end_index: number }>;
      expect(annotations.map((a) => a.url)).toEqual(search.action.sources.map((s: { url: string }) => s.url));
      for (const a of annotations) expect(text.slice(a.start_index, a.end_index)).toBe(`[${a.title}](${a.url})`);
      // Deterministic from the fixtures: the same request finds the same sources.
      expect((await create({ tools: [{ type }] })).output[0].action).toEqual(search.action);
    },
  );

  it('gateway:datetime reports the gateway clock', async () => {
    const result = await create({ input: 'What time is it?', tools: [{ type: 'gateway:datetime' }] });
    expect(result.output[0]).toMatchObject({ type: 'gateway:datetime', status: 'completed', datetime: new Date(START).toISOString(), timezone: 'UTC' });
    expect(result.output[0].id).toMatch(/^dt_/);
  });

  it('max_tool_calls bounds the server-tool calls; tool_choice none calls none', async () => {
    const tools = [{ type: 'gateway:web_search' }, { type: 'gateway:datetime' }];
    expect((await create({ tools })).output.filter((i: any) => i.type.startsWith('gateway:'))).toHaveLength(2);
    expect((await create({ tools, max_tool_calls: 1 })).output.filter((i: any) => i.type.startsWith('gateway:')).map((i: any) => i.type)).toEqual([
      'gateway:web_search',
    ]);
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

  describe('gateway:web_fetch', () => {
    const known = FETCH_PAGES[1]!;
    const prompt = `Summarise ${known.url} and https://docs.example.invalid/guide please.`;
    const fetchTool = (parameters?: Record<string, unknown>) => [{ type: 'gateway:web_fetch', ...(parameters ? { parameters } : {}) }];

    it('fetches each URL of the prompt from the fetch fixtures; an unreachable host is an error result, not a failure', async () => {
      const result = await create({ input: prompt, tools: fetchTool() });
      const [page, missing, message] = result.output;
      expect(page).toEqual({
        type: 'gateway:web_fetch',
        url: known.url,
        title: known.title,
        httpStatus: 200,
        content: known.text,
        id: expect.stringMatching(/^wf_/),
        status: 'completed',
      });
      expect(missing).toEqual({
        type: 'gateway:web_fetch',
        url: 'https://docs.example.invalid/guide',
        error: 'url_not_accessible: host docs.example.invalid does not resolve',
        id: expect.stringMatching(/^wf_/),
        status: 'completed',
      });
      // The fetched page is cited in the text; the failed one is not.
      const part = message.content[0];
      expect(part.annotations.map((a: { url: string }) => a.url)).toEqual([known.url]);
      const [a] = part.annotations;
      expect(part.text.slice(a.start_index, a.end_index)).toBe(`[${known.title}](${known.url})`);
      expect(result.usage.server_tool_use_details).toEqual({ tool_calls_requested: 2, tool_calls_executed: 1, web_search_requests: 0 });
      // The output goes back as input on the next turn (how clients keep a conversation); no URL in the new turn, no fetch.
      const next = await create({
        input: [{ role: 'user', content: prompt }, ...result.output, { role: 'user', content: 'Thanks. Anything else?' }],
        tools: fetchTool(),
      });
      expect(next.output.map((i: any) => i.type)).toEqual(['message']);
      // Deterministic.
      expect((await create({ input: prompt, tools: fetchTool() })).output.slice(0, 2).map(({ id: _id, ...rest }: any) => rest)).toEqual(
        [page, missing].map(({ id: _id, ...rest }: any) => rest),
      );
    });

    it('agrees with the web-fetch plugin: the same URLs give the same pages and errors', async () => {
      const res = await post({ input: prompt, plugins: [{ id: 'web-fetch' }] });
      const body = (await res.json()) as any;
      // No tool was asked for: the plugin reads the pages, no server-tool item appears.
      expect(body.output.map((i: any) => i.type)).toEqual(['message']);
      const withMetadata = await target.fetch('/responses', {
        method: 'POST',
        headers: jsonHeaders('sk-gw-test', { 'x-gateway-metadata': 'enabled' }),
        body: JSON.stringify({ model: MODEL, input: prompt, plugins: [{ id: 'web-fetch' }] }),
      });
      const stage = ((await withMetadata.json()) as any).gateway_metadata.pipeline.find((s: any) => s.name === 'web-fetch');
      const tool = await create({ input: prompt, tools: fetchTool() });
      const fromTool = tool.output
        .filter((i: any) => i.type === 'gateway:web_fetch')
        .map((i: any) => [i.url, i.title ?? null, i.error?.split(': ')[0] ?? null]);
      expect(stage.data.fetches.map((f: any) => [f.url, f.title ?? null, f.code ?? null])).toEqual(fromTool);
    });

    it('parameters: max_uses, blocked_domains, allowed_domains and max_content_tokens, as the plugin applies them', async () => {
      const twoPages = `Compare ${FETCH_PAGES[0]!.url} with ${known.url}.`;
      const errors = async (parameters: Record<string, unknown>) =>
        (await create({ input: twoPages, tools: fetchTool(parameters) })).output
          .filter((i: any) => i.type === 'gateway:web_fetch')
          .map((i: any) => i.error ?? 'ok');
      expect(await errors({ max_uses: 1 })).toEqual(['ok', 'max_uses_exceeded: max_uses (1) exceeded']);
      expect(await errors({ max_uses: 0 })).toEqual(['max_uses_exceeded: max_uses (0) exceeded', 'max_uses_exceeded: max_uses (0) exceeded']);
      expect(await errors({ blocked_domains: [new URL(known.url).hostname] })).toEqual(['ok', 'url_not_allowed: domain is in blocked_domains']);
      expect(await errors({ allowed_domains: [new URL(known.url).hostname], engine: 'exa' })).toEqual(['url_not_allowed: domain not in allowed_domains', 'ok']);
      const cut = await create({ input: twoPages, tools: fetchTool({ max_content_tokens: 3 }) });
      expect(cut.output[0].content).toBe(FETCH_PAGES[0]!.text.slice(0, 12));
      const failed = await create({ input: twoPages, tools: fetchTool({ max_uses: 0 }) });
      expect(failed.usage.server_tool_use_details).toEqual({ tool_calls_requested: 2, tool_calls_executed: 0, web_search_requests: 0 });
    });

    it('no URL, no call; max_tool_calls and tool_choice none bound it; many URLs give at most 30 calls', async () => {
      const plain = await create({ input: 'What is a web page?', tools: fetchTool() });
      expect(plain.output.map((i: any) => i.type)).toEqual(['message']);
      expect(plain.usage.server_tool_use_details).toBeUndefined();
      const both = [{ type: 'gateway:datetime' }, ...fetchTool()];
      expect((await create({ input: prompt, tools: both, max_tool_calls: 2 })).output.map((i: any) => i.type)).toEqual([
        'gateway:datetime',
        'gateway:web_fetch',
        'message',
      ]);
      expect((await create({ input: prompt, tools: both, tool_choice: 'none' })).output.map((i: any) => i.type)).toEqual(['message']);
      const many = Array.from({ length: 2000 }, (_, i) => `https://site${i}.example/page`).join(' ');
      const capped = await create({ input: many, tools: fetchTool() });
      expect(capped.output.filter((i: any) => i.type === 'gateway:web_fetch')).toHaveLength(30);
      expect(capped.usage.server_tool_use_details.tool_calls_requested).toBe(30);
    });

    it.each([
      [{ max_uses: -1 }, 'tools[0].parameters.max_uses: must be an integer from 0 to 1000 (got -1)'],
      [{ max_content_tokens: 1.5 }, 'tools[0].parameters.max_content_tokens: must be an integer from 1 to 10000000 (got 1.5)'],
      [{ engine: 'bing' }, 'tools[0].parameters.engine: must be one of auto, native, openrouter, exa, parallel, firecrawl (got "bing")'],
      [{ blocked_domains: 'example.com' }, 'tools[0].parameters.blocked_domains: expected array'],
    ])('bad parameters %j: 400 in the error envelope', async (parameters, message) => {
      const res = await post({ input: prompt, tools: fetchTool(parameters) });
      const text = await res.text();
      expect(res.status, text).toBe(400);
      expect(ErrorBodySchema.parse(JSON.parse(text)).error.message).toContain(message);
    });

    it('streams output_item.added (in progress, the URL only) then output_item.done with the result, numbered without gaps', async () => {
      const raw = await (await post({ input: prompt, tools: fetchTool(), stream: true })).text();
      const events = raw
        .split('\n')
        .filter((l) => l.startsWith('data: {'))
        .map((l) => JSON.parse(l.slice(6)) as any);
      for (const e of events) expect(StreamEventSchema.safeParse(e).success, e.type).toBe(true);
      expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
      const final = events.at(-1).response;
      expect(events.at(-1).type).toBe('response.completed');
      const fetchEvents = events.filter((e) => e.item?.type === 'gateway:web_fetch');
      expect(fetchEvents.map((e) => [e.type, e.output_index])).toEqual([
        ['response.output_item.added', 0],
        ['response.output_item.done', 0],
        ['response.output_item.added', 1],
        ['response.output_item.done', 1],
      ]);
      expect(fetchEvents[0].item).toEqual({ type: 'gateway:web_fetch', id: final.output[0].id, url: known.url, status: 'in_progress' });
      expect(fetchEvents[1].item).toEqual(final.output[0]);
      expect(fetchEvents[3].item).toEqual(final.output[1]);
      expect(final.usage.server_tool_use_details).toEqual({ tool_calls_requested: 2, tool_calls_executed: 1, web_search_requests: 0 });
      // The stream carries the same answer as the JSON body.
      const json = await create({ input: prompt, tools: fetchTool() });
      expect(final.output.map(({ id: _id, ...rest }: any) => rest)).toEqual(json.output.map(({ id: _id, ...rest }: any) => rest));
    });
  });
});
