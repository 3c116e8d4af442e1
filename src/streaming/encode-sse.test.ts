import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSseEvent, encodeSsePieces, SSE_DONE, SSE_KEEPALIVE } from './encode-sse.ts';

describe('encodeSsePieces', () => {
  it('gives, piece by piece, the bytes of encoding each frame on its own', () => {
    const snapshot = { id: 'resp_1', output: [], note: 'naïve ✨ \u2028' };
    const events = fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('response.output_text.delta'), sequence_number: fc.nat(), delta: fc.string({ unit: 'grapheme', maxLength: 8 }) }),
        fc.record({ type: fc.constant('response.created'), sequence_number: fc.nat(), response: fc.constant(snapshot) }),
        fc.record({ type: fc.constant('response.completed'), sequence_number: fc.nat(), response: fc.record({ text: fc.string({ unit: 'binary', maxLength: 6 }) }) }),
        fc.record({ type: fc.constant('error'), sequence_number: fc.nat(), response: fc.constant(null) }),
        // Delta events in the shapes the stream builds (and near misses: other key orders, a
        // non-empty logprobs, odd numbers), neighbours often of the same content part.
        fc.record({
          type: fc.constantFrom('response.output_text.delta', 'response.refusal.delta', 'x"\u2028'),
          sequence_number: fc.oneof(fc.nat(), fc.constant(-0), fc.constant(1.5)),
          item_id: fc.constantFrom('msg_1', 'msg_"2'),
          output_index: fc.oneof(fc.constant(0), fc.nat(3)),
          content_index: fc.oneof(fc.constant(0), fc.constant(-0), fc.nat(2)),
          delta: fc.string({ unit: 'binary', maxLength: 6 }),
          logprobs: fc.constantFrom([], [], [{ token: 'a' }]),
        }, { requiredKeys: ['type', 'sequence_number', 'item_id', 'output_index', 'content_index', 'delta'] }),
        fc.record({ delta: fc.string({ maxLength: 3 }), type: fc.constant('response.output_text.delta'), sequence_number: fc.nat(), item_id: fc.constant('msg_1'), output_index: fc.constant(0), content_index: fc.constant(0) }),
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(events, fc.boolean(), (list, done) => {
        const pieces = encodeSsePieces(list, { done });
        const expected = [SSE_KEEPALIVE, ...list.map(encodeSseEvent), ...(done ? [SSE_DONE] : [])].map((f) => new TextEncoder().encode(f));
        expect(pieces.map((p) => Buffer.from(p).toString('hex'))).toEqual(expected.map((p) => Buffer.from(p).toString('hex')));
      }),
      { numRuns: 500 },
    );
  });
});
