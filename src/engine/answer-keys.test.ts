import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../http/route.ts';
import { answerKeys } from './answer-keys.ts';

/** The parts of a request a key is made of. */
const request = fc.record({
  surface: fc.constantFrom('responses', 'chat'),
  key: fc.constantFrom('sk-a', 'sk-b'),
  metadata: fc.boolean(),
  at: fc.constantFrom(1_000, 1_500, 2_000),
  body: fc.constantFrom('{"a":1}', '{"a":2}', '{"a":1} ', 'é', ''),
});

describe('answer keys', () => {
  it('two requests get the same key exactly when their parts are the same, whatever came between', () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 12 }), (requests) => {
        const keyOf = answerKeys();
        const keys = requests.map((r) => {
          const ctx = { apiKey: { key: r.key }, metadataEnabled: r.metadata, receivedAt: r.at } as unknown as RequestContext;
          return keyOf(ctx, r.surface, new TextEncoder().encode(r.body), []);
        });
        // The clock's second, not its millisecond, is part of the key.
        const parts = requests.map((r) => JSON.stringify([r.surface, r.key, r.metadata, Math.floor(r.at / 1000), r.body]));
        for (let i = 0; i < keys.length; i++) for (let j = 0; j < keys.length; j++) expect(keys[i] === keys[j]).toBe(parts[i] === parts[j]);
      }),
    );
  });
});
