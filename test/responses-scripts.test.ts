import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import type { ScriptRuleInput } from '../src/scripts/script-rule.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const MODEL = 'openai/gpt-4o-mini';

const SCRIPTS: ScriptRuleInput[] = [
  { id: 'greeting', match: { input: 'hello gateway' }, reply: { type: 'text', text: 'Hello from a script! Café ☕' } },
  { id: 'once', match: { input: 'just once' }, times: 1, reply: { type: 'text', text: 'Only the first time.' } },
  {
    id: 'call',
    match: { input: { regex: '^book a table', flags: 'i' } },
    reply: { type: 'function_call', name: 'book_table', arguments: { people: 4, time: '19:30' } },
  },
  {
    id: 'think',
    match: { model: 'openai/gpt-5-mini', input: 'think' },
    reply: { type: 'reasoning', reasoning: 'Scripted thoughts.', summary: 'Thought.', text: 'Scripted answer.' },
  },
  { id: 'refuse', match: { metadata: { case: 'refuse' } }, reply: { type: 'refusal', refusal: 'I cannot help with that.' } },
  { id: 'overloaded', match: { headers: { 'x-test-case': 'overload' } }, reply: { type: 'error', status: 529, message: 'Scripted overload' } },
];

async function readEvents(res: Response): Promise<Array<Record<string, any>>> {
  const events: Array<Record<string, any>> = [];
  const parser = createParser({ onEvent: (e) => void (e.data !== '[DONE]' && events.push(JSON.parse(e.data))) });
  parser.feed(await res.text());
  return events;
}

describe.each(TARGET_KINDS)('scripted replies (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), scripts: SCRIPTS });
  });
  afterAll(() => target.close());

  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    target.fetch('/responses', { method: 'POST', headers: jsonHeaders('sk-gw-test', headers), body: JSON.stringify({ model: MODEL, ...body }) });
  const result = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post(body, headers);
    expect(res.status).toBe(200);
    return (await res.json()) as { status: string; output: Array<Record<string, any>>; usage: Record<string, any> };
  };

  it('text, streamed or not', async () => {
    const r = await result({ input: 'Well, HELLO GATEWAY!' });
    expect(r.output[0]?.content[0].text).toBe('Hello from a script! Café ☕');
    const events = await readEvents(await post({ input: 'hello gateway', stream: true }));
    expect(
      events
        .filter((e) => e.type === 'response.output_text.delta')
        .map((e) => e.delta)
        .join(''),
    ).toBe('Hello from a script! Café ☕');
  });

  it('a function call with the scripted arguments', async () => {
    const r = await result({ input: 'Book a table for tonight' });
    expect(r.output[0]).toMatchObject({ type: 'function_call', name: 'book_table' });
    expect(JSON.parse(r.output[0]?.arguments as string)).toEqual({ people: 4, time: '19:30' });
  });

  it('reasoning and text (matched on the model too)', async () => {
    const r = await result({ model: 'openai/gpt-5-mini', input: 'think hard' });
    expect(r.output.map((i) => i.type)).toEqual(['reasoning', 'message']);
    expect(r.output[0]?.content[0].text).toBe('Scripted thoughts.');
    expect(r.output[1]?.content[0].text).toBe('Scripted answer.');
    expect(r.usage.output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    // Another model does not match the rule.
    expect((await result({ input: 'think hard' })).output[0]?.content[0].text).not.toBe('Scripted answer.');
  });

  it('a refusal (matched on metadata), streamed as refusal events', async () => {
    const r = await result({ input: 'anything', metadata: { case: 'refuse' } });
    expect(r.output[0]?.content[0]).toEqual({ type: 'refusal', refusal: 'I cannot help with that.' });
    const events = await readEvents(await post({ input: 'anything', metadata: { case: 'refuse' }, stream: true }));
    expect(events.find((e) => e.type === 'response.refusal.done')?.refusal).toBe('I cannot help with that.');
  });

  it('an error status (matched on a header), as a JSON error even when streaming', async () => {
    for (const stream of [false, true]) {
      const res = await post({ input: 'x', stream }, { 'X-Test-Case': 'overload' });
      expect(res.status).toBe(529);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: { code: 529, message: 'Scripted overload' } });
    }
  });

  it('times limits uses; reset restores creation-time rules and drops run-time ones', async () => {
    const text = async (input: string) => ((await result({ input })).output[0]?.content[0]?.text as string | undefined) ?? '';
    expect(await text('just once')).toBe('Only the first time.');
    expect(await text('just once')).not.toBe('Only the first time.');
    const handle = target.gateway.script({ match: { input: 'runtime rule' }, reply: { type: 'text', text: 'Added at run time.' } });
    expect(await text('runtime rule')).toBe('Added at run time.');
    expect((await target.fetch('/__gatewaykit/reset', { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(200);
    expect(await text('runtime rule')).not.toBe('Added at run time.');
    expect(handle.remove()).toBe(false);
    expect(await text('just once')).toBe('Only the first time.');
    const again = target.gateway.script({ reply: { type: 'text', text: 'Catch-all.' } });
    expect(await text('whatever')).toBe('Catch-all.');
    again.remove();
    expect(await text('whatever')).not.toBe('Catch-all.');
  });

  it('a bad rule at run time throws a TypeError naming the path', () => {
    expect(() => target.gateway.script({ reply: { type: 'error', status: 200 } } as never)).toThrow(/reply\.status/);
  });
});
