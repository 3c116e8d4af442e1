import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff-file-type.ts';

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffFileType: the type from the bytes (reference uploadFile)', () => {
  it.each([
    ['application/pdf', bytes('%PDF-1.7\n')],
    ['image/png', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['audio/wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['audio/flac', bytes('fLaC', [0])],
    ['audio/ogg', bytes('OggS', [0])],
    ['audio/mpeg', bytes('ID3', [4, 0])],
    ['audio/mpeg', bytes([0xff, 0xfb, 0x90, 0x00])],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes('PK\x03\x04', [20, 0], '[Content_Types].xml....word/document.xml')],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes('PK\x03\x04', '[Content_Types].xml xl/workbook.xml')],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', bytes('PK\x03\x04', '[Content_Types].xml ppt/slides/slide1.xml')],
    ['application/json', text(' {"a": [1, 2, 3]}\n')],
    ['application/x-ndjson', text('{"a":1}\n{"a":2}\n')],
    ['text/csv', text('name,age\nada,36\nalan,41\n')],
    ['text/markdown', text('# Title\n\nSome *text*.')],
    ['text/plain', text('Just a sentence, nothing more.')],
  ])('%s', (mime, input) => {
    expect(sniffFileType(input)).toBe(mime);
  });

  it('refuses what is none of the accepted types: other binaries, invalid UTF-8, a plain ZIP', () => {
    expect(sniffFileType(bytes([0, 1, 2, 3]))).toBeUndefined();
    expect(sniffFileType(bytes([0xc3, 0x28]))).toBeUndefined();
    expect(sniffFileType(bytes('PK\x03\x04', 'readme.txt'))).toBeUndefined();
  });
});
