/**
 * The types uploadFile accepts (reference: "The file type is determined from the file contents —
 * not the filename or the declared content type — and must be a PDF, a PNG/JPEG/GIF/WebP image, a
 * DOCX/XLSX/PPTX document, an MP3/WAV/FLAC/OGG audio file, or UTF-8 text").
 */
export const ACCEPTED_FILE_TYPES = 'PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX, PPTX, MP3, WAV, FLAC, OGG or UTF-8 text';

const latin1 = new TextDecoder('latin1');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const ascii = (bytes: Uint8Array, from: number, to: number) => latin1.decode(bytes.subarray(from, to));

/** The type of a binary format from its magic number, or undefined. */
function binaryType(b: Uint8Array): string | undefined {
  const head = ascii(b, 0, 12);
  if (head.startsWith('%PDF-')) return 'application/pdf';
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE') return 'audio/wav';
  if (head.startsWith('fLaC')) return 'audio/flac';
  if (head.startsWith('OggS')) return 'audio/ogg';
  // An ID3 tag, or an MPEG audio frame sync (11 set bits, layer III).
  if (head.startsWith('ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe6) === 0xe2)) return 'audio/mpeg';
  if (head.startsWith('PK\x03\x04')) return officeType(b);
  return undefined;
}

/** An Office Open XML document is a ZIP whose entry names (stored uncompressed) say which kind. */
function officeType(b: Uint8Array): string | undefined {
  const names = ascii(b, 0, Math.min(b.length, 1 << 20));
  if (!names.includes('[Content_Types].xml')) return undefined;
  if (names.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (names.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (names.includes('ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  return undefined;
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** reference uploadFile: "Text is reported by its structure". */
function textType(text: string): string {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed) && parses(trimmed)) return 'application/json';
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length >= 2 && lines.every((line) => /^\s*[[{]/.test(line) && parses(line))) return 'application/x-ndjson';
  const commas = lines.map((line) => line.split(',').length - 1);
  if (lines.length >= 2 && commas[0]! > 0 && commas.every((n) => n === commas[0])) return 'text/csv';
  if (lines.some((line) => /^(#{1,6} |```|\s*[-*+] |\s*\d+\. |> |\|.*\|\s*$)/.test(line) || /\[[^\]]+\]\([^)]+\)/.test(line))) return 'text/markdown';
  return 'text/plain';
}

/** UTF-8 text: decodes strictly and holds no control characters but whitespace. */
function utf8Text(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
  return /[\x00-\x08\x0b\x0e-\x1f\x7f]/.test(text) ? undefined : text;
}

/**
 * The MIME type of an upload, from its bytes alone; undefined when it is none of the accepted
 * types ({@link ACCEPTED_FILE_TYPES}).
 *
 * @example
 * sniffFileType(new TextEncoder().encode('%PDF-1.4 ...')); // 'application/pdf'
 * sniffFileType(new TextEncoder().encode('a,b\n1,2\n')); // 'text/csv'
 */
export function sniffFileType(bytes: Uint8Array): string | undefined {
  const binary = binaryType(bytes);
  if (binary) return binary;
  const text = utf8Text(bytes);
  return text === undefined ? undefined : textType(text);
}
