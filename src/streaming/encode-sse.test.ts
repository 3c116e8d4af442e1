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
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(events, fc.boolean(), (list, done) => {
        const pieces = encodeSsePieces(list, { done });
        const expected = [SSE_KEEPALIVE, ...list.map(encodeSseEvent), ...(done ? [SSE_DONE] : [])].map((f) => new TextEncoder().encode(f));
        expect(pieces.map((p) => Buffer.from(p).toString('hex'))).toEqual(expected.map((p) => Buffer.from(p).toString('hex')));
      }),
      { numRuns: 200 },
    );
  });
});
