import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength, utf8ByteLengthCounted } from '../bytes/utf8-length.ts';
import { createByteRing } from './byte-ring.ts';
import { packExchangeHeaders, unpackExchangeHeaders, unpackHeaders } from './packed-headers.ts';

// Any code point, lone surrogates included, as fast-check's 'binary' unit draws them, without the
// table of every code point that unit builds once per process (the slowest part of this file).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

describe('what the journal packs', () => {
  it("an exchange's headers come back as the pairs they were, in order, whatever they hold", () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'B', ' ', ':', '\u0000', 'é'), maxLength: 6 });
    const headers = fc.dictionary(text, text, { maxKeys: 8 });
    const sizeOf = (record: Record<string, string>) => Object.entries(record).reduce((n, [k, v]) => n + k.length + v.length + 16, 0);
    fc.assert(
      fc.property(headers, headers, (request, response) => {
        const { packed, requestItems, lists, size } = packExchangeHeaders(request, response);
        const back =
          packed === undefined ? { request: unpackHeaders(lists![0]), response: unpackHeaders(lists![1]) } : unpackExchangeHeaders(packed, requestItems);
        expect(Object.entries(back.request)).toEqual(Object.entries(request));
        expect(Object.entries(back.response)).toEqual(Object.entries(response));
        // Packed as text exactly when no name or value holds the separator.
        const separated = [...Object.entries(request), ...Object.entries(response)].some(([k, v]) => (k + v).includes('\u0000'));
        expect(packed === undefined).toBe(separated);
        expect(size).toBe(sizeOf(request) + sizeOf(response));
      }),
    );
    const fetchHeaders = packExchangeHeaders(new Headers({ B: '2', a: '1' }), new Headers());
    expect(unpackExchangeHeaders(fetchHeaders.packed!, fetchHeaders.requestItems)).toEqual({ request: { a: '1', b: '2' }, response: {} });
    expect(unpackExchangeHeaders('', 0)).toEqual({ request: {}, response: {} });
  });

  it('utf8ByteLength counts what TextEncoder writes, natively and in JavaScript', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(fc.constantFrom('a', 'é', '✨', '🙂', '\ud800', '\udc00'), fc.string({ unit: anyCodePoint, maxLength: 2 })),
          maxLength: 20,
        }),
        (text) => {
          expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
          expect(utf8ByteLengthCounted(text)).toBe(new TextEncoder().encode(text).length);
        },
      ),
    );
  });
});

describe('byte ring', () => {
  // A model of the owner: entries of a few writes each, dropped oldest first, as the journal does.
  it('gives back every live write byte for byte while it grows, wraps and drops the oldest to make room', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('bytes' as const), size: fc.nat(300), entry: fc.boolean() }),
      fc.record({ kind: fc.constant('text' as const), text: fc.string({ unit: fc.constantFrom('a', 'é', '🙂', 'z'), maxLength: 60 }), entry: fc.boolean() }),
      fc.record({ kind: fc.constant('drop' as const) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 64, max: 2048 }), fc.integer({ min: 1, max: 256 }), fc.array(op, { maxLength: 120 }), (max, initial, ops) => {
        type Kept = { at: number; length: number; bytes?: number[]; text?: string };
        const entries: Array<{ firstAt: number; writes: Kept[] }> = [];
        const dropped: Kept[] = [];
        const ring = createByteRing({
          maxCapacity: max,
          initialCapacity: initial,
          oldestLive: () => entries[0]?.firstAt ?? ring.written,
          dropOldest: () => {
            const gone = entries.shift();
            if (gone) dropped.push(...gone.writes);
            return gone !== undefined;
          },
        });
        let fill = 0;
        for (const o of ops) {
          if (o.kind === 'drop') {
            entries.shift();
            continue;
          }
          if (o.entry || entries.length === 0) entries.push({ firstAt: ring.written, writes: [] });
          const owner = entries[entries.length - 1]!;
          if (o.kind === 'bytes') {
            const size = Math.min(o.size, max);
            const bytes = Array.from({ length: size }, () => fill++ % 256);
            const at = ring.write(Uint8Array.from(bytes));
            if (entries.includes(owner)) owner.writes.push({ at, length: size, bytes });
          } else {
            if (utf8ByteLength(o.text) > max) continue;
            const kept = ring.writeText(o.text);
            if (entries.includes(owner)) owner.writes.push({ ...kept, text: o.text });
          }
          expect(ring.capacity).toBeLessThanOrEqual(max);
        }
        // Every write of a live entry reads back exactly; nothing reads back as other bytes.
        for (const e of entries) {
          for (const w of e.writes) {
            if (w.bytes) expect([...(ring.read(w.at, w.length) ?? [])]).toEqual(w.bytes);
            else expect(ring.readText(w.at, w.length)).toBe(w.text);
          }
        }
        for (const w of dropped) {
          const back = ring.read(w.at, w.length);
          if (back && w.bytes) expect([...back]).toEqual(w.bytes);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('grows only as far as live bytes need', () => {
    const ring = createByteRing({ maxCapacity: 1 << 20, initialCapacity: 16, oldestLive: () => ring.written, dropOldest: () => false });
    for (let i = 0; i < 1000; i++) ring.write(new Uint8Array(100));
    // Nothing is live between writes: the buffer never needed more than one write's room.
    expect(ring.capacity).toBeLessThanOrEqual(128);
    expect(ring.read(ring.written - 200, 100)).toBeUndefined();
  });
});
