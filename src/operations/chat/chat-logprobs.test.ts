import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenLogprobs } from './chat-logprobs.ts';

describe('tokenLogprobs', () => {
  it('one entry per token: its UTF-8 bytes, a log probability <= 0, the same for the same token', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 20 }), (tokens) => {
        const out = tokenLogprobs(tokens, 0);
        expect(out.map((t) => t.token)).toEqual(tokens);
        for (const t of out) {
          expect(t.logprob).toBeLessThanOrEqual(0);
          expect(t.bytes).toEqual([...new TextEncoder().encode(t.token)]);
          expect(t.top_logprobs).toEqual([]);
        }
        expect(tokenLogprobs(tokens, 0)).toEqual(out);
      }),
    );
  });

  it('top_logprobs lists the token first, then distinct alternatives, each less likely than the one before', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.integer({ min: 1, max: 20 }), (token, top) => {
        const [entry] = tokenLogprobs([token], top);
        const list = entry!.top_logprobs;
        expect(list).toHaveLength(top);
        expect(list[0]).toEqual({ token, logprob: entry!.logprob, bytes: entry!.bytes });
        expect(new Set(list.map((x) => x.token)).size).toBe(top);
        for (let i = 1; i < list.length; i++) expect(list[i]!.logprob).toBeLessThan(list[i - 1]!.logprob);
      }),
    );
  });
});
