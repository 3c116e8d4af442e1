import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleBreakers, ruleBreakingRequestArb, validResponsesRequestArb } from '../../conformance/operations/responses/request-arbitraries.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import { findResponsesConflicts, validateResponsesRequest } from './validate-responses-request.ts';

const models = ['alpha/chat'];

function rejection(body: unknown): GatewayError {
  try {
    validateResponsesRequest(body);
  } catch (err) {
    if (err instanceof GatewayError) return err;
    throw err;
  }
  throw new Error(`accepted: ${JSON.stringify(body).slice(0, 200)}`);
}

describe('validateResponsesRequest', () => {
  it('returns valid requests unchanged', () => {
    fc.assert(
      fc.property(validResponsesRequestArb({ models }), (request) => {
        const wire = JSON.parse(JSON.stringify(request)) as unknown;
        expect(validateResponsesRequest(wire)).toEqual(wire);
      }),
      { numRuns: 150 },
    );
  });

  it('rejects each broken rule with its status and a message that leads with the field path', () => {
    fc.assert(
      fc.property(ruleBreakingRequestArb({ models }), (c) => {
        const err = rejection(JSON.parse(JSON.stringify(c.request)));
        expect(err.status).toBe(c.status);
        expect(err.message).toContain(c.field);
        expect(err.message.startsWith(`${c.path}: `)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('covers every rule breaker (each one at least once)', () => {
    for (const [name, arb] of Object.entries(ruleBreakers())) {
      const [sample] = fc.sample(arb, { numRuns: 1, seed: 7 });
      const err = rejection({ model: 'alpha/chat', input: 'hi', ...sample!.patch });
      expect(err.status, name).toBe(sample!.status);
      expect(err.message, name).toContain(sample!.field);
    }
  });

  it('writes messages that state the rule', () => {
    const cases: Array<[unknown, string]> = [
      [{ metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata: at most 16 pairs (got 17)'],
      [{ metadata: { 'a[b': 'v' } }, 'metadata["a[b"]: key must not contain brackets'],
      [{ session_id: 's'.repeat(257) }, 'session_id: at most 256 characters (got 257)'],
      [{ max_tool_calls: 31 }, 'max_tool_calls: must be <= 30 (got 31)'],
      [{ store: true }, 'store: only false is supported'],
      [{ previous_response_id: 'resp_1' }, 'previous_response_id: not supported; send the whole conversation in input (spec 1.3)'],
      [{ provider: { foo: 1 } }, 'provider.foo: unknown property (provider accepts only allow_fallbacks,'],
      [{ plugins: [{ id: 'nope' }] }, 'plugins[0].id: unknown plugin id "nope"'],
      [{ tools: [{ type: 'function', parameters: {} }] }, 'tools[0].name: required'],
      [{ input: 5 }, 'input: expected string or array, got integer 5'],
      [{ input: [{ role: 'robot', content: 'x' }] }, 'input[0].role: must be one of'],
      [[], '(root): expected object, got array'],
    ];
    for (const [body, message] of cases) expect(rejection(body).message).toContain(message);
  });

  it('accepts debug.echo_upstream_body without stream (ignored; decision 0002)', () => {
    expect(() => validateResponsesRequest({ input: 'x', debug: { echo_upstream_body: true } })).not.toThrow();
  });
});

describe('findResponsesConflicts (422)', () => {
  const fn = (name: string) => ({ type: 'function' as const, name, parameters: {} });
  it('flags a tool_choice naming a function that is not in tools', () => {
    expect(findResponsesConflicts({ tools: [fn('a')], tool_choice: { type: 'function', name: 'b' } })).toEqual([
      { field: 'tool_choice.name', message: 'function "b" is not in tools (function tools: "a")' },
    ]);
    expect(findResponsesConflicts({ tools: [fn('a')], tool_choice: { type: 'function', name: 'a' } })).toEqual([]);
  });
  it('flags a forcing tool_choice without tools, but not auto/none', () => {
    expect(findResponsesConflicts({ tool_choice: 'required' })).toHaveLength(1);
    expect(findResponsesConflicts({ tool_choice: 'required', tools: [] })).toHaveLength(1);
    expect(findResponsesConflicts({ tool_choice: 'auto' })).toEqual([]);
    expect(findResponsesConflicts({ tool_choice: 'none' })).toEqual([]);
    expect(findResponsesConflicts({ tool_choice: { type: 'web_search_preview' } })).toEqual([]);
  });
});
