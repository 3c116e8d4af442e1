import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGateway } from '../gateway/create-gateway.ts';
import { createPlanMemo, memoizable } from './plan-memo.ts';

const headers = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };

/** What is made per answer, from its sequence number and the clock, not from the plan. */
const PER_ANSWER = new Set(['id', 'created_at', 'completed_at', 'signature']);

/** An answer without what is made per answer: what the plan decides. */
function planned(body: string): unknown {
  return JSON.parse(body, (key, value: unknown) => (PER_ANSWER.has(key) ? undefined : value));
}

const request = fc.record(
  {
    model: fc.constantFrom('openai/gpt-4o-mini', 'openai/gpt-5-mini', 'openai/gpt-5-mini:thinking'),
    input: fc.constantFrom('Write one sentence about the sea.', 'How do I water basil?', 'hello', 'Explain the weather, briefly'),
    reasoning: fc.record(
      { effort: fc.constantFrom('low', 'medium', 'high'), exclude: fc.boolean(), summary: fc.constantFrom('auto', 'concise') },
      { requiredKeys: [] },
    ),
    include: fc.constant(['reasoning.encrypted_content']),
    text: fc.record({ verbosity: fc.constantFrom('low', 'medium', 'high') }),
    max_output_tokens: fc.integer({ min: 16, max: 400 }),
    tools: fc.constant([{ type: 'openai:web_search' }]),
  },
  { requiredKeys: ['model', 'input'] },
);

describe('plan memo', () => {
  it('a gateway that remembers plans answers every request of a sequence as a fresh gateway would (ids and clock aside)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(5), { minLength: 1, maxLength: 12 }), async (pool, order) => {
        const warm = createGateway();
        for (const i of order) {
          const body = JSON.stringify(pool[i % pool.length]);
          const [a, b] = await Promise.all([
            warm.fetch('/responses', { method: 'POST', headers, body }),
            createGateway().fetch('/responses', { method: 'POST', headers, body }),
          ]);
          expect(a.status).toBe(b.status);
          expect(planned(await a.text())).toEqual(planned(await b.text()));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('remembers only ordinary requests, and starts again past its bound', () => {
    const plain = { context: [], citations: [] };
    expect(memoizable({ model: 'm', input: 'x' } as never, plain)).toBe(true);
    expect(memoizable({ model: 'm', input: 'x', tools: [{ type: 'openai:web_search' }] } as never, plain)).toBe(false);
    expect(memoizable({ model: 'm', input: 'x' } as never, { context: ['page'], citations: [] })).toBe(false);
    const memo = createPlanMemo(2);
    let made = 0;
    const make = () => ({ text: `plan ${++made}` });
    const req = { model: 'm', input: 'x' } as never;
    expect(memo.plan(req, 'm', 'a', plain, make)).toEqual({ text: 'plan 1' });
    expect(memo.plan(req, 'm', 'a', plain, make)).toEqual({ text: 'plan 1' });
    expect(memo.plan(req, 'other', 'a', plain, make)).toEqual({ text: 'plan 2' });
    expect(memo.plan(req, 'm', 'b', plain, make)).toEqual({ text: 'plan 3' }); // the bound: memory starts again
    expect(memo.plan(req, 'm', 'a', plain, make)).toEqual({ text: 'plan 4' });
    expect(memo.plan({ model: 'm', input: 'x', tools: [{ type: 'function', name: 'f' }] } as never, 'm', 'a', plain, make)).toEqual({ text: 'plan 5' });
  });
});
