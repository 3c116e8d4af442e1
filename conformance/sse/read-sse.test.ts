import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterLastBlankLine, readSse, splitAt } from './read-sse.ts';

const encode = (s: string) => new TextEncoder().encode(s);
const STREAM = [
  ': GATEWAY PROCESSING\n\n',
  'event: response.created\ndata: {"type":"response.created","sequence_number":0,"text":"h\u00e9llo \u{1F600}"}\n\n',
  ': keep-alive\r\n\r\n',
  'data: {"type":"response.output_text.delta","delta":"\u65e5\u672c"}\r\n\r\n',
  'data: [DONE]\n\n',
].join('');

describe('readSse (the client side of spec 6: events split across network reads)', () => {
  const whole = readSse([encode(STREAM)]);

  it('reads events and keeps comment lines apart', () => {
    expect(whole.messages.map((m) => m.data)).toEqual([
      '{"type":"response.created","sequence_number":0,"text":"h\u00e9llo \u{1F600}"}',
      '{"type":"response.output_text.delta","delta":"\u65e5\u672c"}',
      '[DONE]',
    ]);
    expect(whole.messages[0]!.event).toBe('response.created');
    expect(whole.comments).toEqual(['GATEWAY PROCESSING', 'keep-alive']);
    expect(whole.trailing).toBe('');
  });

  it('gives the same events when the bytes are split at every single offset', () => {
    const bytes = encode(STREAM);
    for (let offset = 1; offset < bytes.length; offset++) {
      expect(readSse(splitAt(bytes, [offset]))).toEqual(whole);
    }
  });

  it('gives the same events for any split into many reads, one byte each included', () => {
    const bytes = encode(STREAM);
    expect(
      readSse(
        splitAt(
          bytes,
          Array.from({ length: bytes.length }, (_, i) => i),
        ),
      ),
    ).toEqual(whole);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 40 }), (offsets) => {
        expect(readSse(splitAt(bytes, offsets))).toEqual(whole);
      }),
    );
  });

  it('reports an event cut before its blank line as trailing, not as an event', () => {
    const cut = readSse([encode('data: {"a":1}\n\ndata: {"b":')]);
    expect(cut.messages.map((m) => m.data)).toEqual(['{"a":1}']);
    expect(cut.trailing).toBe('data: {"b":');
  });
});

describe('afterLastBlankLine', () => {
  it('leaves the same unfinished lines as looking ahead for no later blank line', () => {
    const lookAhead = (all: string) => {
      const boundary = /(\r\n|\r|\n)(\r\n|\r|\n)(?![\s\S]*(\r\n|\r|\n)(\r\n|\r|\n))/.exec(all);
      return boundary ? all.slice(boundary.index + boundary[0].length) : all;
    };
    const lines = (tail: string) => tail.split(/\r\n|\r|\n/).filter((line) => line !== '');
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', ':', '\r', '\n', 'data: x'), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(lines(text.slice(afterLastBlankLine(text)))).toEqual(lines(lookAhead(text)));
      }),
      { numRuns: 2000 },
    );
  });
});
