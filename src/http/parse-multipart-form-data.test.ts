import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boundaryOf, parseMultipartFormData, type FormEntry } from './parse-multipart-form-data.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** What Node's own Fetch (undici) reads from the same bytes: the reference parser. */
async function undiciEntries(bytes: Uint8Array, contentType: string): Promise<FormEntry[]> {
  const form = await new Response(bytes as BodyInit, { headers: { 'content-type': contentType } }).formData();
  const entries: FormEntry[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') entries.push({ kind: 'field', name, value });
    else entries.push({ kind: 'file', name, filename: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  return entries;
}

// Any text, and text made of what a form's syntax is made of (quotes, line breaks, escapes, separators).
const text = (maxLength: number, minLength = 0) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({ unit: fc.constantFrom('"', '\r', '\n', '%', '2', '\\', ';', '=', '-', 'a'), minLength, maxLength }),
  );

const entry: fc.Arbitrary<FormEntry> = fc.oneof(
  fc.record({ kind: fc.constant('field' as const), name: text(12), value: text(40) }),
  fc.record({
    kind: fc.constant('file' as const),
    name: text(12),
    filename: text(12, 1),
    type: fc.constantFrom('audio/wav', 'audio/mpeg', 'application/octet-stream', 'text/plain'),
    bytes: fc.uint8Array({ maxLength: 200 }),
  }),
);

describe('parseMultipartFormData', () => {
  it("reads what Fetch's FormData writes exactly as Fetch's own parser does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 6 }), async (written) => {
        const form = new FormData();
        for (const e of written) {
          if (e.kind === 'field') form.append(e.name, e.value);
          else form.append(e.name, new Blob([e.bytes as BlobPart], { type: e.type }), e.filename);
        }
        const request = new Request('http://x.test/', { method: 'POST', body: form });
        const bytes = new Uint8Array(await request.arrayBuffer());
        const contentType = request.headers.get('content-type')!;
        const ours = parseMultipartFormData(bytes, contentType);
        expect(ours).toEqual({ ok: true, entries: await undiciEntries(bytes, contentType) });
      }),
      { numRuns: 300 },
    );
  });

  it('reads a body as curl writes it: its boundary, a quoted one, part headers in any case', () => {
    const body = encode(
      [
        '------------------------d74496d66958873e',
        'Content-Disposition: form-data; name="model"',
        '',
        'openai/whisper-1',
        '------------------------d74496d66958873e',
        'content-disposition: form-data; name="file"; filename="speech.wav"',
        'CONTENT-TYPE: audio/wav',
        '',
        'RIFF',
        '------------------------d74496d66958873e--',
        '',
      ].join('\r\n'),
    );
    const parsed = parseMultipartFormData(body, 'multipart/form-data; boundary="----------------------d74496d66958873e"');
    expect(parsed).toEqual({
      ok: true,
      entries: [
        { kind: 'field', name: 'model', value: 'openai/whisper-1' },
        { kind: 'file', name: 'file', filename: 'speech.wav', type: 'audio/wav', bytes: encode('RIFF') },
      ],
    });
  });

  it("takes filename* over filename, a base64 part's bytes, text/plain for a file without a type, blank lines around", () => {
    const body = encode(
      [
        '',
        '--b',
        `Content-Disposition: form-data; name="file"; filename="plain.wav"; filename*=UTF-8''s%C3%A9ance.wav`,
        'Content-Transfer-Encoding: base64',
        '',
        'UklG Rg==',
        '--b',
        'Content-Disposition: form-data; name="notes"; filename="n"',
        '',
        'x',
        '--b--',
        'an epilogue, ignored',
      ].join('\r\n'),
    );
    expect(parseMultipartFormData(body, 'multipart/form-data; boundary=b')).toEqual({
      ok: true,
      entries: [
        { kind: 'file', name: 'file', filename: 'séance.wav', type: 'text/plain', bytes: encode('RIFF') },
        { kind: 'file', name: 'notes', filename: 'n', type: 'text/plain', bytes: encode('x') },
      ],
    });
  });

  // Node 20's Fetch looks for the boundary without its dashes, so the letter in a header ends its part.
  it('reads a one-letter boundary that also occurs inside the parts (RFC 2046 allows 1 to 70 characters)', () => {
    const body = encode(['--b', 'Content-Disposition: form-data; name="b"', '', 'a b c', '--b--'].join('\r\n'));
    expect(parseMultipartFormData(body, 'multipart/form-data; boundary=b')).toEqual({ ok: true, entries: [{ kind: 'field', name: 'b', value: 'a b c' }] });
  });

  it('answers malformed bodies with the reason, as a value', () => {
    const form = (lines: string[], type = 'multipart/form-data; boundary=b') => parseMultipartFormData(encode(lines.join('\r\n')), type);
    expect(form(['--b--'], 'multipart/form-data')).toEqual({ ok: false, error: 'the Content-Type has no boundary parameter' });
    expect(form(['not a multipart body'])).toEqual({ ok: false, error: 'the body does not start with the boundary' });
    expect(form(['--b', 'Content-Disposition: form-data; name="a"', '', 'never closed'])).toEqual({ ok: false, error: 'a part is not closed by the boundary' });
    expect(form(['--b', 'Content-Type: text/plain', '', 'x', '--b--'])).toEqual({ ok: false, error: 'a part has no Content-Disposition with a name' });
    expect(form(['--b', 'Content-Disposition: attachment; name="a"', '', 'x', '--b--'])).toEqual({
      ok: false,
      error: `a part's Content-Disposition is "attachment", not form-data`,
    });
    expect(form(['--b', 'no colon here', '', 'x', '--b--'])).toMatchObject({ ok: false, error: expect.stringMatching(/malformed header line/) });
    expect(form(['--b', 'Content-Disposition: form-data; name="a"'])).toEqual({ ok: false, error: "a part's headers do not end with a blank line" });
  });

  it('never throws, whatever the bytes', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.string({ unit: fc.constantFrom('-', 'b', '\r', '\n', '"', ';', ':', 'a', '=', ' ') }).map(encode),
    );
    fc.assert(
      fc.property(bytes, fc.constantFrom('multipart/form-data; boundary=b', 'multipart/form-data; boundary=""', 'multipart/form-data'), (b, type) => {
        const parsed = parseMultipartFormData(b, type);
        expect(typeof parsed.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the boundary parameter quoted or not, in any case', () => {
    expect(boundaryOf('multipart/form-data; BOUNDARY=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a \\"b\\""')).toBe('a "b"');
    expect(boundaryOf('multipart/form-data; boundary=')).toBeUndefined();
  });
});
