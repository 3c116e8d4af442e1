import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { healJson } from './heal-json.ts';

describe('healJson', () => {
  it.each([
    ['```json\n{"a": 1,}\n```', '{"a":1}'],
    ['Here you go: {"a": [1, 2,], "b": "x"} hope it helps', '{"a":[1,2],"b":"x"}'],
    ["{'a': 'it\"s', b: true}", '{"a":"it\\"s","b":true}'],
    ['{"a": {"b": [1, 2', '{"a":{"b":[1,2]}}'],
    ['{"a": "unterminated', '{"a":"unterminated"}'],
    ['{"a":', '{"a":null}'],
  ])('repairs %j', (input, output) => {
    expect(healJson(input)).toBe(output);
  });
  it('gives up on text without JSON', () => {
    expect(healJson('no json here')).toBeUndefined();
  });
  it('leaves valid JSON equal in value, and heals any valid JSON cut short or wrapped in a fence', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(JSON.parse(healJson(text) as string)).toEqual(JSON.parse(text));
        expect(JSON.parse(healJson(`\`\`\`json\n${text}\n\`\`\``) as string)).toEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });
});
