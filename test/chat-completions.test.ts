import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { DOCUMENTED_STATUSES } from '../src/errors/documented-statuses.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { ChatResultSchema, ChatStreamChunkSchema, checkChatUsageArithmetic, type ChatResult, type ChatStreamChunk } from '../src/schemas/chat-result.ts';
import type { ScriptRuleInput } from '../src/scripts/script-rule.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';
const REASONING_MODEL = 'openai/gpt-5-mini';
const WEATHER = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const SCRIPTS: ScriptRuleInput[] = [
  { id: 'refuse', match: { metadata: { case: 'refuse' } }, reply: { type: 'refusal', refusal: 'I cannot help with that.' } },
  { id: 'by-text', match: { input: 'magic word', model: MODEL }, reply: { type: 'text', text: 'Scripted for chat.' } },
  { id: 'by-header', match: { headers: { 'x-test-case': 'chat-header' } }, reply: { type: 'text', text: 'Header matched.' } },
];

interface Streamed {
  chunks: ChatStreamChunk[];
  comments: string[];
  done: boolean;
  raw: string;
}

/** Read a whole SSE body with eventsource-parser as it arrives; every chunk checked against reference `ChatStreamChunk`. */
async function readChat(res: Response): Promise<Streamed> {
  const chunks: ChatStreamChunk[] = [];
  const comments: string[] = [];
  let done = false;
  const parser = createParser({
    onEvent: (e) => {
      expect(e.event).toBeUndefined();
      if (e.data === '[DONE]') done = true;
      else chunks.push(ChatStreamChunkSchema.parse(JSON.parse(e.data)));
    },
    onComment: (c) => comments.push(c),
  });
  const raw = await res.text();
  parser.feed(raw);
  return { chunks, comments, done, raw };
}

const contentOf = (s: Streamed) => s.chunks.flatMap((c) => c.choices.map((ch) => ch.delta.content ?? '')).join('');

describe.each(TARGET_KINDS)('POST /chat/completions (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), seed: 5, scripts: SCRIPTS });
  });
  afterAll(() => target.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    target.fetch(path, { method: 'POST', headers: jsonHeaders('sk-gw-test', headers), body: JSON.stringify(body) });
  const chat = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post('/chat/completions', { model: MODEL, ...body }, headers);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const result = ChatResultSchema.parse(JSON.parse(text));
    return { res, result, body: JSON.parse(text) as ChatResult & Record<string, any> };
  };
  const stream = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post('/chat/completions', { model: MODEL, ...body, stream: true }, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    return readChat(res);
  };
  const responses = async (body: Record<string, unknown>) => {
    const res = await post('/responses', { model: MODEL, ...body });
    expect(res.status).toBe(200);
    return (await res.json()) as { output: Array<Record<string, any>>; usage: Record<string, any> };
  };
  const user = (text: string) => [{ role: 'user', content: text }];

  it('answers a ChatResult: one choice, finish_reason stop, usage that adds up, id = X-Generation-Id', async () => {
    const { res, result } = await chat({ messages: [{ role: 'system', content: 'Be brief.' }, ...user('Tell me about tides.')] });
    expect(result.object).toBe('chat.completion');
    expect(result.model).toBe(MODEL);
    expect(result.id).toBe(res.headers.get('x-generation-id'));
    expect(result.choices).toHaveLength(1);
    const choice = result.choices[0]!;
    expect(choice.finish_reason).toBe('stop');
    expect(choice.message.role).toBe('assistant');
    expect(choice.message.content?.length).toBeGreaterThan(0);
    expect(checkChatUsageArithmetic(result.usage!)).toEqual([]);
    expect(result.usage!.cost).toBeGreaterThan(0);
    expect(result.usage!.prompt_tokens_details?.cached_tokens).toBe(0);
  });

  it('gives the same text, usage, tool arguments, structured output and reasoning as /responses for the same canonical request', async () => {
    const input = [{ role: 'developer', content: 'Answer plainly.' }, ...user('Explain rainbows.')];
    const c = (await chat({ messages: input, max_tokens: 400 })).result;
    const r = await responses({ input, max_output_tokens: 400 });
    const rText = r.output
      .flatMap((i) => (i.type === 'message' ? i.content : []))
      .map((p: any) => p.text)
      .join('');
    expect(c.choices[0]!.message.content).toBe(rText);
    expect([c.usage!.prompt_tokens, c.usage!.completion_tokens]).toEqual([r.usage.input_tokens, r.usage.output_tokens]);

    const ask = user('What is the weather in Paris?');
    const cTool = (await chat({ messages: ask, tools: [WEATHER] })).result;
    const rTool = await responses({ input: ask, tools: [{ type: 'function', ...WEATHER.function }] });
    const call = cTool.choices[0]!.message.tool_calls![0]!;
    const rCall = rTool.output.find((i) => i.type === 'function_call')!;
    expect(cTool.choices[0]!.finish_reason).toBe('tool_calls');
    expect(cTool.choices[0]!.message.content).toBeNull();
    // Call ids are fresh per answer (like every id); the call itself is the same.
    expect(call).toEqual({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: rCall.arguments } });
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });

    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name', 'age'],
      additionalProperties: false,
    };
    const cJson = (
      await chat({ messages: user('A person, please.'), response_format: { type: 'json_schema', json_schema: { name: 'person', schema, strict: true } } })
    ).result;
    const rJson = await responses({ input: user('A person, please.'), text: { format: { type: 'json_schema', name: 'person', schema, strict: true } } });
    const parsed = JSON.parse(cJson.choices[0]!.message.content!) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(['age', 'name']);
    expect(Number.isInteger(parsed.age)).toBe(true);
    expect(cJson.choices[0]!.message.content).toBe(rJson.output[0]!.content[0].text);

    const cReason = (await chat({ model: REASONING_MODEL, messages: user('Why is the sky blue?'), reasoning_effort: 'high' })).result;
    const rReason = await responses({ model: REASONING_MODEL, input: user('Why is the sky blue?'), reasoning: { effort: 'high' } });
    const reasoning = rReason.output.find((i) => i.type === 'reasoning')!;
    expect(cReason.choices[0]!.message.reasoning).toBe(reasoning.content[0].text);
    expect(cReason.choices[0]!.message.reasoning_details?.[0]).toMatchObject({ type: 'reasoning.text', text: reasoning.content[0].text });
    expect(cReason.usage!.completion_tokens_details?.reasoning_tokens).toBe(rReason.usage.output_tokens_details.reasoning_tokens);
  });

  it('a tool call round trip: the tool output comes back as a text answer naming the tool', async () => {
    const first = (await chat({ messages: user('Weather in Oslo?'), tools: [WEATHER] })).result;
    const call = first.choices[0]!.message.tool_calls![0]!;
    const messages = [
      ...user('Weather in Oslo?'),
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: call.id, content: '{"temp_c":4}' },
    ];
    const second = (await chat({ messages, tools: [WEATHER] })).result;
    expect(second.choices[0]!.finish_reason).toBe('stop');
    expect(second.choices[0]!.message.tool_calls).toBeUndefined();
    expect(second.choices[0]!.message.content).toContain('get_weather');
  });

  it('finish_reason: length when max_tokens cuts the reply, content_filter for a refusal', async () => {
    const cut = (await chat({ messages: user('Write a long story about the sea.'), max_completion_tokens: 3 })).result;
    expect(cut.choices[0]!.finish_reason).toBe('length');
    expect(cut.usage!.completion_tokens).toBeLessThanOrEqual(3);
    const refused = (await chat({ messages: user('anything'), metadata: { case: 'refuse' } })).result;
    expect(refused.choices[0]!.finish_reason).toBe('content_filter');
    expect(refused.choices[0]!.message).toMatchObject({ content: null, refusal: 'I cannot help with that.' });
  });

  it('stop ends the content before the first stop sequence: a prefix of the reply without it', async () => {
    const messages = user('Tell me about deserts.');
    const full = (await chat({ messages })).result.choices[0]!.message.content!;
    const word = full.split(' ')[3]!;
    const stopped = (await chat({ messages, stop: ['zzz-never', word] })).result;
    expect(stopped.choices[0]!.message.content).toBe(full.slice(0, full.indexOf(word)));
    expect(stopped.choices[0]!.finish_reason).toBe('stop');
    const s = await stream({ messages, stop: word });
    expect(contentOf(s)).toBe(stopped.choices[0]!.message.content);
  });

  it('logprobs: the content tokens with log probabilities and top_logprobs, in the JSON answer and on each streamed delta', async () => {
    type Lp = {
      content: Array<{ token: string; logprob: number; bytes: number[]; top_logprobs: Array<{ token: string; logprob: number }> }> | null;
      refusal: unknown;
    };
    const messages = user('Tell me about oceans.');
    const plain = (await chat({ messages })).body;
    expect(plain.choices[0]!.logprobs).toBeNull();
    const { body } = await chat({ messages, logprobs: true, top_logprobs: 3 });
    const lp = body.choices[0]!.logprobs as Lp;
    expect(lp.content!.map((t) => t.token).join('')).toBe(body.choices[0]!.message.content);
    for (const t of lp.content!) {
      expect(t.logprob).toBeLessThanOrEqual(0);
      expect(t.bytes).toEqual([...new TextEncoder().encode(t.token)]);
      expect(t.top_logprobs).toHaveLength(3);
      expect(t.top_logprobs[0]).toMatchObject({ token: t.token, logprob: t.logprob });
      const ps = t.top_logprobs.map((x) => x.logprob);
      expect([...ps].sort((a, b) => b - a)).toEqual(ps);
    }
    const s = await stream({ messages, logprobs: true, top_logprobs: 3 });
    const deltas = s.chunks.filter((c) => c.choices[0]?.delta.content);
    for (const c of deltas) expect(((c.choices[0]!.logprobs as Lp).content ?? []).map((t) => t.token).join('')).toBe(c.choices[0]!.delta.content);
    expect(contentOf(s)).toBe(body.choices[0]!.message.content);
  });

  it('streams chat.completion.chunk: keep-alive, role delta first, deltas joining to the JSON content, final chunk, [DONE]', async () => {
    const messages = user('Tell me about rivers.');
    const json = (await chat({ messages })).result;
    const s = await stream({ messages });
    expect(s.raw.startsWith(': GATEWAY PROCESSING\n\n')).toBe(true);
    expect(s.done).toBe(true);
    expect(s.raw.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(s.chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '' });
    expect(s.chunks.slice(1).every((c) => c.choices[0]?.delta.role === undefined)).toBe(true);
    const finals = s.chunks.filter((c) => c.choices[0] !== undefined && c.choices[0].finish_reason !== null);
    expect(finals).toHaveLength(1);
    // The final chunk, then the usage chunk (reference: usage is always included).
    expect(finals[0]).toBe(s.chunks.at(-2));
    expect(finals[0]!.choices[0]!.finish_reason).toBe('stop');
    expect(contentOf(s)).toBe(json.choices[0]!.message.content);
    expect(s.chunks.slice(0, -1).every((c) => c.usage === undefined)).toBe(true);
    expect(new Set(s.chunks.map((c) => c.id)).size).toBe(1);
  });

  it.each([
    ['without stream_options', {}],
    ['with include_usage: true', { stream_options: { include_usage: true } }],
    ['with include_usage: false', { stream_options: { include_usage: false } }],
  ])('%s, one last chunk carries choices [] and the usage of the JSON answer (reference: include_usage "has no effect")', async (_name, options) => {
    const messages = user('Tell me about lakes.');
    const json = (await chat({ messages })).result;
    const s = await stream({ messages, ...options });
    const last = s.chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual(json.usage);
    expect(s.chunks.filter((c) => c.usage !== undefined)).toHaveLength(1);
    expect(s.chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('streams tool calls as a named first delta then argument pieces joining to the JSON arguments', async () => {
    const messages = user('What is the weather in Rome?');
    const json = (await chat({ messages, tools: [WEATHER] })).result;
    const s = await stream({ messages, tools: [WEATHER] });
    const calls = s.chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(calls[0]).toMatchObject({ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '' } });
    expect(calls.map((c) => c.function?.arguments ?? '').join('')).toBe(json.choices[0]!.message.tool_calls![0]!.function.arguments);
    // The final chunk comes just before the usage chunk (reference: usage is always included).
    expect(s.chunks.at(-2)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('streams reasoning deltas before the content, joining to the JSON reasoning', async () => {
    const body = { model: REASONING_MODEL, messages: user('Why do leaves fall?') };
    const json = (await chat(body)).result;
    const s = await stream(body);
    const reasoning = s.chunks.map((c) => c.choices[0]?.delta.reasoning ?? '').join('');
    expect(reasoning).toBe(json.choices[0]!.message.reasoning);
    const firstReasoning = s.chunks.findIndex((c) => c.choices[0]?.delta.reasoning);
    const firstContent = s.chunks.findIndex((c) => c.choices[0]?.delta.content);
    expect(firstReasoning).toBeGreaterThan(0);
    expect(firstReasoning).toBeLessThan(firstContent);
  });

  it('X-Gatewaykit-Fault: stream-error reports the failure in-stream: an error chunk with finish_reason error, then [DONE]', async () => {
    const s = await stream({ messages: user('Tell me about clouds.'), stream_options: { include_usage: true } }, { 'x-gatewaykit-fault': 'stream-error' });
    const failed = s.chunks.find((c) => c.error !== undefined)!;
    expect(failed.error).toMatchObject({ code: 502 });
    expect(failed.error!.message).toContain('stream-error');
    expect(failed.choices[0]!.finish_reason).toBe('error');
    expect(s.chunks.filter((c) => c.choices[0]?.finish_reason && c.choices[0].finish_reason !== 'error')).toHaveLength(0);
    expect(s.chunks.at(-1)!.usage).toBeDefined();
    expect(s.done).toBe(true);
    // The journal marks the 200 that failed in-stream as failed, with the chunk's status and message.
    const entry = target.gateway.control.requests().at(-1)!;
    expect(entry.operation).toBe('chat.completions.create');
    expect(entry.response.failed).toEqual({ status: 502, message: failed.error!.message });
  });

  it('X-Gatewaykit-Fault: stream-cut ends the stream inside a chunk: no final chunk, no [DONE]', async () => {
    const res = await post(
      '/chat/completions',
      { model: MODEL, messages: user('Tell me about storms.'), stream: true },
      { 'x-gatewaykit-fault': 'stream-cut' },
    );
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw).not.toContain('[DONE]');
    expect(raw).not.toContain('"finish_reason":"stop"');
    expect(raw.endsWith('\n\n')).toBe(false);
    expect(raw).toContain('"delta":{"role":"assistant","content":""}');
  });

  it('random chunking re-cuts the same bytes', async () => {
    const body = { model: MODEL, messages: user('Tell me about wind.'), stream: true };
    const plain = await (await post('/chat/completions', body)).text();
    const res = await post('/chat/completions', body, { 'x-gatewaykit-chunking': 'random' });
    const chopped = await res.text();
    // Only the ids differ: they are fresh per answer.
    const strip = (t: string) => t.replace(/gen-\d+-[A-Za-z0-9]+/g, 'gen-X').replace(/call_[A-Za-z0-9]+/g, 'call_X');
    expect(strip(chopped)).toBe(strip(plain));
  });

  it('debug.echo_upstream_body sends a debug chunk first, with the upstream body', async () => {
    const s = await stream({ messages: user('Hi'), debug: { echo_upstream_body: true } });
    const first = s.chunks[0] as ChatStreamChunk & { debug?: { echo_upstream_body: Record<string, unknown> } };
    expect(first.choices).toEqual([]);
    expect(first.debug?.echo_upstream_body).toMatchObject({ model: MODEL, stream: true });
    expect(s.chunks[1]!.choices[0]!.delta.role).toBe('assistant');
  });

  it('X-Gateway-Metadata: enabled gives gateway_metadata on the JSON answer and on the final chunk', async () => {
    const { body } = await chat({ messages: user('Hi'), provider: { sort: 'price' } }, { 'x-gateway-metadata': 'enabled' });
    expect(body.gateway_metadata).toMatchObject({ requested: MODEL });
    const s = await stream({ messages: user('Hi') }, { 'x-gateway-metadata': 'enabled' });
    expect(s.chunks.at(-2)!.gateway_metadata).toMatchObject({ requested: MODEL });
    const plain = await chat({ messages: user('Hi') });
    expect(plain.body.gateway_metadata).toBeUndefined();
  });

  it('scripts match chat requests by last user text and model, metadata, and header', async () => {
    const byText = (await chat({ messages: [...user('say the MAGIC WORD'), { role: 'assistant', content: 'ok' }] })).result;
    // The last user message is what scripts read, even with an assistant turn after it.
    expect(byText.choices[0]!.message.content).toBe('Scripted for chat.');
    const byHeader = (await chat({ messages: user('hello') }, { 'x-test-case': 'chat-header' })).result;
    expect(byHeader.choices[0]!.message.content).toBe('Header matched.');
  });

  it('the web plugin cites its sources as url_citation annotations within the content', async () => {
    const result = (await chat({ messages: user('Latest news about volcanoes'), plugins: [{ id: 'web' }] })).result;
    const message = result.choices[0]!.message;
    expect(message.annotations?.length).toBeGreaterThan(0);
    for (const a of message.annotations as Array<{ type: string; url_citation: { url: string; start_index: number; end_index: number } }>) {
      expect(a.type).toBe('url_citation');
      expect(message.content!.slice(a.url_citation.start_index, a.url_citation.end_index)).toContain(a.url_citation.url);
    }
  });

  it('reads image, file and audio parts as input: they are billed and reach the file-parser', async () => {
    const text = (await chat({ messages: user('Describe it.') })).result.usage!.prompt_tokens;
    const withImage = (
      await chat({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe it.' },
              { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
            ],
          },
        ],
      })
    ).result.usage!.prompt_tokens;
    expect(withImage).toBe(text + 85);
    const file = { type: 'file', file: { filename: 'note.txt', file_data: `data:text/plain;base64,${btoa('The password is swordfish.')}` } };
    const parsed = await post(
      '/chat/completions',
      { model: MODEL, messages: [{ role: 'user', content: [{ type: 'text', text: 'Summarise the file.' }, file] }], plugins: [{ id: 'file-parser' }] },
      { 'x-gateway-metadata': 'enabled' },
    );
    expect(parsed.status).toBe(200);
    const stages = ((await parsed.json()) as { gateway_metadata: { pipeline: Array<{ name?: string; type?: string }> } }).gateway_metadata.pipeline;
    expect(JSON.stringify(stages)).toContain('file');
    // Audio needs a model that reads it (catalogue capabilities): refused by one that does not, billed by one that does.
    const audio = { type: 'input_audio', input_audio: { data: btoa('a'.repeat(800)), format: 'wav' } };
    const noAudio = await post('/chat/completions', { model: 'openai/gpt-5', messages: [{ role: 'user', content: [audio] }] });
    expect(noAudio.status).toBe(404);
    expect(((await noAudio.json()) as { error: { message: string } }).error.message).toContain('audio');
    const heard = (await chat({ model: 'google/gemini-2.5-flash', messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe it.' }, audio] }] }))
      .result;
    const silent = (await chat({ model: 'google/gemini-2.5-flash', messages: user('Describe it.') })).result;
    const same = await post('/responses', {
      model: 'google/gemini-2.5-flash',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Describe it.' }, audio] }],
    });
    expect(heard.usage!.prompt_tokens).toBe(((await same.json()) as { usage: { input_tokens: number } }).usage.input_tokens);
    expect(heard.usage!.prompt_tokens).toBeGreaterThan(silent.usage!.prompt_tokens + 32);
  });

  it('routes with models, provider preferences and session_id as /responses does', async () => {
    const image = { type: 'image_url', image_url: { url: 'https://example.com/a.png' } };
    const fallback = (
      await chat({
        model: 'meta-llama/llama-3.3-70b-instruct',
        models: [MODEL],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, image] }],
      })
    ).result;
    expect(fallback.model).toBe(MODEL);
    const refused = await post('/chat/completions', { model: MODEL, messages: user('Hi'), provider: { only: ['nobody-provides-this'] } });
    expect(refused.status).toBe(404);
    const tooLong = await post('/chat/completions', { model: MODEL, messages: user('Hi'), session_id: 'x'.repeat(257) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toContain('session_id');
  });

  it('names chat fields in its 400s, in the one error envelope', async () => {
    const cases: Array<[unknown, string]> = [
      [{ model: MODEL }, 'messages: required'],
      [{ model: MODEL, messages: [] }, 'messages: at least 1'],
      [
        {
          model: MODEL,
          messages: [
            { role: 'user', content: 'a' },
            { role: 'user', content: 'b' },
            { role: 'user', content: 7 },
          ],
        },
        'messages[2].content',
      ],
      [{ model: MODEL, messages: [{ role: 'bot', content: 'a' }] }, 'messages[0].role: must be one of'],
      [{ model: MODEL, messages: user('a'), max_tokens: -1 }, 'max_tokens: must be >= 0'],
      [{ model: MODEL, messages: user('a'), top_logprobs: 21 }, 'top_logprobs: must be <= 20'],
      [{ model: MODEL, messages: user('a'), stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop: at most 4 items'],
      [{ model: MODEL, messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id: required'],
      [{ model: MODEL, messages: user('a'), tools: [{ type: 'function', function: {} }] }, 'tools[0].function.name: required'],
      [{ model: MODEL, messages: user('a'), response_format: { type: 'xml' } }, 'response_format.type: must be one of'],
      [{ model: MODEL, messages: user('a'), metadata: { k: 1 } }, 'metadata.k'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/chat/completions', body);
      const json = ErrorBodySchema.parse(await res.json());
      expect(res.status, message).toBe(400);
      expect(json.error.code).toBe(400);
      expect(json.error.message).toContain(message);
    }
  });

  it('answers 422 for a self-contradicting request, 401 without a key, 402 without credits, 400 naming `model` for an unknown model', async () => {
    const forced = await post('/chat/completions', { model: MODEL, messages: user('a'), tool_choice: 'required' });
    expect(forced.status).toBe(422);
    expect(((await forced.json()) as { error: { message: string } }).error.message).toContain('tool_choice');
    const unnamed = await post('/chat/completions', {
      model: MODEL,
      messages: user('a'),
      tools: [WEATHER],
      tool_choice: { type: 'function', function: { name: 'nope' } },
    });
    expect(unnamed.status).toBe(422);
    expect(((await unnamed.json()) as { error: { message: string } }).error.message).toContain('tool_choice.function.name');
    const effort = await post('/chat/completions', { model: MODEL, messages: user('a'), reasoning_effort: 'low', reasoning: { effort: 'high' } });
    expect(effort.status).toBe(422);
    const noKey = await target.fetch('/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: user('a') }),
    });
    expect(noKey.status).toBe(401);
    const broke = await target.fetch('/chat/completions', {
      method: 'POST',
      headers: jsonHeaders('sk-gw-no-credits'),
      body: JSON.stringify({ model: MODEL, messages: user('a') }),
    });
    expect(broke.status).toBe(402);
    const unknown = await post('/chat/completions', { model: 'nobody/nothing', messages: user('a') });
    expect(unknown.status).toBe(400);
    expect(ErrorBodySchema.parse(await unknown.json()).error.message).toContain('model: "nobody/nothing" is not a valid model ID');
  });

  it('X-Gatewaykit-Fault forces every status the reference lists for the operation, in the envelope', async () => {
    for (const { status } of DOCUMENTED_STATUSES) {
      const res = await post('/chat/completions', { model: MODEL, messages: user('a') }, { 'x-gatewaykit-fault': String(status) });
      expect(res.status).toBe(status);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe(status);
    }
    const notStreamed = await post('/chat/completions', { model: MODEL, messages: user('a') }, { 'x-gatewaykit-fault': 'stream-cut' });
    expect(notStreamed.status).toBe(400);
  });
});
