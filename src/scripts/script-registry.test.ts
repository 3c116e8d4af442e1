import { describe, expect, it } from 'vitest';
import type { ScriptMatchInput } from './match-script.ts';
import { createScriptRegistry } from './script-registry.ts';
import { MAX_LISTED_BAD_RULES, parseScriptRule, parseScriptsFile } from './script-rule.ts';

const input = (over: Partial<ScriptMatchInput> = {}): ScriptMatchInput => ({
  requestedModel: 'openai/gpt-4o-mini',
  routedModel: 'openai/gpt-4o-mini',
  lastUserText: 'What is the weather in Paris?',
  metadata: { team: 'qa' },
  headers: new Headers({ 'x-test-case': 'one' }),
  ...over,
});

describe('script rules', () => {
  it('match on model, input substring (any case) or regex, metadata and headers; all must hold', () => {
    const r = createScriptRegistry();
    r.add({
      id: 'all',
      match: { model: 'openai/gpt-4o-mini', input: 'WEATHER', metadata: { team: 'qa' }, headers: { 'X-Test-Case': 'one' } },
      reply: { type: 'text', text: 'Sunny.' },
    });
    expect(r.take(input())?.id).toBe('all');
    expect(r.take(input({ metadata: { team: 'dev' } }))).toBeUndefined();
    expect(r.take(input({ headers: new Headers() }))).toBeUndefined();
    expect(r.take(input({ lastUserText: 'hello' }))).toBeUndefined();
    expect(r.take(input({ requestedModel: 'x/y', routedModel: 'x/y' }))).toBeUndefined();
    const re = createScriptRegistry([{ match: { input: { regex: '^what\\b', flags: 'i' } }, reply: { type: 'refusal', refusal: 'No.' } }]);
    expect(re.take(input())?.reply).toEqual({ type: 'refusal', refusal: 'No.' });
    expect(re.take(input({ lastUserText: 'so what' }))).toBeUndefined();
  });

  it('first match wins and `times` limits the uses', () => {
    const r = createScriptRegistry([
      { id: 'once', times: 1, reply: { type: 'text', text: 'first' } },
      { id: 'always', reply: { type: 'text', text: 'second' } },
    ]);
    expect(r.take(input())?.id).toBe('once');
    expect(r.take(input())?.id).toBe('always');
    expect(r.take(input())?.id).toBe('always');
  });

  it('reset drops run-time rules and restores creation-time uses', () => {
    const r = createScriptRegistry([{ id: 'created', times: 1, reply: { type: 'text', text: 'a' } }]);
    const handle = r.add({ id: 'runtime', reply: { type: 'text', text: 'b' } });
    expect(r.take(input())?.id).toBe('created');
    expect(r.take(input())?.id).toBe('runtime');
    expect(handle.remaining()).toBeUndefined();
    r.reset();
    expect(r.list().map((e) => e.id)).toEqual(['created']);
    expect(r.take(input())?.id).toBe('created');
    expect(handle.remove()).toBe(false);
  });

  it('a handle removes its rule', () => {
    const r = createScriptRegistry();
    const h = r.add({ reply: { type: 'text', text: 'x' }, times: 2 });
    expect(h.remaining()).toBe(2);
    expect(h.remove()).toBe(true);
    expect(r.take(input())).toBeUndefined();
  });

  it('rejects bad rules with a message naming the path', () => {
    expect(() => parseScriptRule({ reply: { type: 'text' } })).toThrow(/reply\.text: required/);
    expect(() => parseScriptRule({ reply: { type: 'error', status: 418 } })).toThrow(/reply\.status: must be a documented status/);
    expect(() => parseScriptRule({ match: { input: { regex: '(' } }, reply: { type: 'text', text: 'x' } })).toThrow(
      /match\.input\.regex: not a valid regular expression/,
    );
    expect(() => parseScriptRule({ reply: { type: 'function_call', name: 'f', arguments: '[1]' } })).toThrow(
      /reply\.arguments: must be the JSON text of an object/,
    );
    expect(() => parseScriptRule({ reply: { type: 'text', text: 'x' }, times: 0 })).toThrow(/times/);
    expect(() => parseScriptRule({ reply: { type: 'text', text: 'x' }, extra: 1 })).toThrow(/extra: unknown property/);
    expect(() => createScriptRegistry([{ reply: { type: 'text', text: 'ok' } }, { reply: { type: 'nope' } } as never])).toThrow(/scripts\[1\]/);
  });

  // F13: `^(a+)+$` blocked the server for 23 s on a 33-character input.
  it.each([
    ['^(a+)+$', /exponential/],
    ['(a|aa)+$', /exponential/],
    ['^(\\w+\\s?)*$', /exponential/],
    ['\\d+\\d+\\d+$', /polynomial/],
  ])('refuses the catastrophic regex %s when the rule is loaded, naming the path', (regex, growth) => {
    expect(() => parseScriptRule({ match: { input: { regex } }, reply: { type: 'text', text: 'x' } })).toThrow(
      new RegExp(`match\\.input\\.regex: can take ${growth.source}`),
    );
    expect(() => parseScriptRule({ match: { model: { regex } }, reply: { type: 'text', text: 'x' } })).toThrow(/match\.model\.regex: can take/);
  });

  it('accepts ordinary regexes', () => {
    for (const regex of ['^book a table', 'weather|forecast', '^\\d{3}-\\d{4}$', '\\bpasta\\b', '^openai/gpt-4o(-mini)?$']) {
      expect(() => parseScriptRule({ match: { input: { regex, flags: 'i' } }, reply: { type: 'text', text: 'x' } }), regex).not.toThrow();
    }
  });

  it('parseScriptsFile names the file, the rule and the path', () => {
    expect(() => parseScriptsFile('{', 'x.json')).toThrow(/^x\.json: not valid JSON/);
    expect(() => parseScriptsFile('{"a":1}', 'x.json')).toThrow(/^x\.json: expected a JSON array/);
    expect(() => parseScriptsFile('[{"reply":{"type":"text","text":"a"}},{"id":"bad-one","reply":{"type":"refusal"}}]', 'x.json')).toThrow(
      'x.json: scripts[1] ("bad-one"): reply.refusal: required (expected string)',
    );
    expect(parseScriptsFile('{"scripts":[{"reply":{"type":"text","text":"a"}}]}', 'x.json')).toHaveLength(1);
  });

  it('parseScriptsFile reports every bad rule, one line each, and counts those past the first ten', () => {
    const good = { reply: { type: 'text', text: 'a' } };
    const three = [
      good,
      { id: 'r1', reply: { type: 'refusal' } },
      good,
      { reply: { type: 'error', status: 999 } },
      { id: 'r4', match: { input: { regex: '(' } }, reply: good.reply },
    ];
    const lines = (() => {
      try {
        parseScriptsFile(JSON.stringify(three), 'x.json');
      } catch (e) {
        return (e as Error).message.split('\n');
      }
      return [];
    })();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('x.json: scripts[1] ("r1"): reply.refusal: required (expected string)');
    expect(lines[1]).toMatch(/^x\.json: scripts\[3\]: reply\.status: /);
    expect(lines[2]).toMatch(/^x\.json: scripts\[4\] \("r4"\): match\.input\.regex: not a valid regular expression/);

    const many = Array.from({ length: 25 }, (_, i) => (i % 5 === 0 ? good : { id: `bad-${i}`, reply: { type: 'refusal' } }));
    const message = (() => {
      try {
        parseScriptsFile(JSON.stringify(many), 'x.json');
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    const listed = message.split('\n');
    expect(listed).toHaveLength(MAX_LISTED_BAD_RULES + 1);
    expect(listed.at(-1)).toBe('x.json: ... and 10 more invalid rules (20 of 25 in all)');
  });
});
