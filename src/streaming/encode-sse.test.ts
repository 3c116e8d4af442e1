import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeSseEvent,
  encodeSsePieces,
  encodeSsePiecesSharingEcho,
  piecesWithBuffer,
  piecesWithEncoder,
  SHARED_ECHO_MIN_CHARS,
  SSE_DONE,
  SSE_KEEPALIVE,
  type NodeBufferLike,
} from './encode-sse.ts';

// Any code point, lone surrogates included, as fast-check's 'binary' unit draws them, without the
// table of every code point that unit builds once per process (the slowest part of this file).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

describe('encodeSsePieces', () => {
  it('gives, piece by piece, the bytes of encoding each frame on its own', () => {
    const snapshot = { id: 'resp_1', output: [], note: 'naïve ✨ \u2028' };
    const events = fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('response.output_text.delta'), sequence_number: fc.nat(), delta: fc.string({ unit: 'grapheme', maxLength: 8 }) }),
        fc.record({ type: fc.constant('response.created'), sequence_number: fc.nat(), response: fc.constant(snapshot) }),
        fc.record({
          type: fc.constant('response.completed'),
          sequence_number: fc.nat(),
          response: fc.record({ text: fc.string({ unit: anyCodePoint, maxLength: 6 }) }),
        }),
        fc.record({ type: fc.constant('error'), sequence_number: fc.nat(), response: fc.constant(null) }),
        // Delta events in the shapes the stream builds (and near misses: other key orders, a
        // non-empty logprobs, odd numbers), neighbours often of the same content part.
        fc.record(
          {
            type: fc.constantFrom('response.output_text.delta', 'response.refusal.delta', 'x"\u2028'),
            sequence_number: fc.oneof(fc.nat(), fc.constant(-0), fc.constant(1.5)),
            item_id: fc.constantFrom('msg_1', 'msg_"2'),
            output_index: fc.oneof(fc.constant(0), fc.nat(3)),
            content_index: fc.oneof(fc.constant(0), fc.constant(-0), fc.nat(2)),
            delta: fc.string({ unit: anyCodePoint, maxLength: 6 }),
            logprobs: fc.constantFrom([], [], [{ token: 'a' }]),
          },
          { requiredKeys: ['type', 'sequence_number', 'item_id', 'output_index', 'content_index', 'delta'] },
        ),
        fc.record({
          delta: fc.string({ maxLength: 3 }),
          type: fc.constant('response.output_text.delta'),
          sequence_number: fc.nat(),
          item_id: fc.constant('msg_1'),
          output_index: fc.constant(0),
          content_index: fc.constant(0),
        }),
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

describe('the two encoders of the pieces', () => {
  it('Buffer (Node) and TextEncoder (browsers) cut the same bytes as encoding each frame alone, any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({
            unit: fc.oneof(fc.constantFrom('a', '\n', 'é', '✨', '🙂', '\ud800', '\udc00'), fc.string({ unit: anyCodePoint, maxLength: 2 })),
            maxLength: 12,
          }),
          { maxLength: 6 },
        ),
        (frames) => {
          const alone = frames.map((f) => Buffer.from(new TextEncoder().encode(f)).toString('hex'));
          const hex = (pieces: Uint8Array[]) => pieces.map((p) => Buffer.from(p).toString('hex'));
          const withBuffer = piecesWithBuffer(frames, Buffer as unknown as NodeBufferLike);
          expect(hex(withBuffer)).toEqual(alone);
          // The joined text is encoded at once there: frames are JSON text with an ASCII head, which
          // never ends or starts in half a surrogate pair, so only well-formed frames are asked of it.
          if (frames.every((f) => (f as string & { isWellFormed(): boolean }).isWellFormed())) expect(hex(piecesWithEncoder(frames))).toEqual(alone);
          // Plain Uint8Array views, as TextEncoder gives (not Buffers, whose slice() does not copy).
          for (const p of withBuffer) expect(Object.getPrototypeOf(p)).toBe(Uint8Array.prototype);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('encodeSsePiecesSharingEcho', () => {
  const join = (pieces: readonly Uint8Array[]) => Buffer.concat(pieces.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength))).toString('utf8');

  it('gives the bytes of encodeSsePieces, the long echoed instructions encoded once and shared', () => {
    // A long instructions string with what JSON escapes (quotes, controls, lone surrogates) and non-ASCII.
    const long = fc
      .tuple(fc.string({ unit: anyCodePoint, maxLength: 12 }), fc.constantFrom('a', 'é', '"', '\n', '\ud800', '✨'))
      .map(([s, fill]) => s + fill.repeat(SHARED_ECHO_MIN_CHARS) + s);
    const response = fc.record(
      {
        id: fc.constant('resp_1'),
        before: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(undefined)),
        instructions: fc.oneof(long, fc.string({ maxLength: 4 }), fc.constant(null)),
        after: fc.oneof(fc.string({ maxLength: 4 }), fc.constant(undefined), fc.constant([1, { k: 'v' }])),
      },
      { requiredKeys: ['instructions'] },
    );
    const event = fc.oneof(
      fc.record({ type: fc.constantFrom('response.created', 'response.in_progress', 'response.completed'), sequence_number: fc.nat(), response }),
      fc.record({
        type: fc.constant('response.output_text.delta'),
        sequence_number: fc.nat(),
        item_id: fc.constant('msg_1'),
        output_index: fc.constant(0),
        content_index: fc.constant(0),
        delta: fc.string({ maxLength: 4 }),
        logprobs: fc.constant([]),
      }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 5 }), fc.boolean(), (events, done) => {
        const shared = encodeSsePiecesSharingEcho(events, { done });
        expect(join(shared)).toBe(join(encodeSsePieces(events, { done })));
        // Every long string is encoded into one piece, however many events echo it.
        const longOnes = new Set(
          events.flatMap((e) =>
            'response' in e && typeof e.response.instructions === 'string' && e.response.instructions.length >= SHARED_ECHO_MIN_CHARS
              ? [e.response.instructions]
              : [],
          ),
        );
        const big = new Set(shared.filter((p) => p.byteLength >= SHARED_ECHO_MIN_CHARS));
        expect(big.size).toBe(longOnes.size);
      }),
      { numRuns: 60 },
    );
  });

  it('holds one copy of a 1 MB instructions echoed three times', () => {
    const instructions = 'Be brief. '.repeat(100_000);
    const response = { id: 'resp_1', status: 'completed', instructions, output: [] };
    const events = ['response.created', 'response.in_progress', 'response.completed'].map((type, i) => ({
      type,
      sequence_number: i,
      response: { ...response },
    }));
    const pieces = encodeSsePiecesSharingEcho(events);
    const wire = pieces.reduce((n, p) => n + p.byteLength, 0);
    const kept = [...new Set(pieces.map((p) => p.buffer))].reduce((n, b) => n + b.byteLength, 0);
    expect(wire).toBeGreaterThan(3 * instructions.length);
    expect(kept).toBeLessThan(instructions.length + 4096);
  });
});
