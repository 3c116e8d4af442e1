import type { InputFilePart } from '../request/read-input.ts';
import type { PipelineStage } from './pipeline-stage.ts';
import type { FileParserPlugin, PluginEntry } from '../schemas/plugins.ts';

export interface ParsedFile {
  filename: string;
  mime: string;
  engine: string;
  chars: number;
  text: string;
}

/** Bytes as latin1 text (one char per byte); no Buffer, because the core also runs in browsers. */
function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/** Lenient like a data: URL decoder: characters outside the base64 alphabet are skipped. */
function base64Bytes(text: string): Uint8Array {
  const s = text.replace(/[^A-Za-z0-9+/]/g, '');
  // A dangling sixth of a byte is dropped, as Buffer.from(s, 'base64') does; atob wants padding.
  const whole = s.length % 4 === 1 ? s.slice(0, -1) : s;
  const binary = atob(whole + '='.repeat((4 - (whole.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function decodeDataUrl(data: string): { mime: string; bytes: Uint8Array } | undefined {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(data);
  if (m) {
    const mime = m[1] || 'text/plain';
    const body = m[3] ?? '';
    return { mime, bytes: m[2] ? base64Bytes(body) : new TextEncoder().encode(decodeURIComponent(body)) };
  }
  // A bare base64 string (no data: prefix): sniff the PDF magic number.
  if (/^[A-Za-z0-9+/=\s]+$/.test(data)) {
    const bytes = base64Bytes(data);
    return { mime: latin1(bytes.subarray(0, 5)) === '%PDF-' ? 'application/pdf' : 'application/octet-stream', bytes };
  }
  return undefined;
}

/**
 * Text of a PDF the simple way: the string operands of `Tj`/`TJ` text operators, else every run
 * of 4+ printable characters. Deterministic and dependency-free; good enough for fixtures.
 */
export function pdfText(bytes: Uint8Array): string {
  const s = latin1(bytes);
  const shown = [...s.matchAll(/\(((?:\\.|[^\\)])*)\)\s*T[jJ]/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
  if (shown.length > 0) return shown.join(' ');
  return (s.match(/[\x20-\x7e]{4,}/g) ?? []).filter((r) => !/^(?:%PDF|endobj|endstream|stream|xref|trailer|startxref|\d+ \d+ obj)/.test(r)).join(' ');
}

/**
 * file-parser (spec 2.5): every `input_file` part becomes text the model reads. PDFs go through
 * `pdf.engine` (default `cloudflare-ai`; `native` hands the file to the model unparsed);
 * text-like files are decoded; a `file_url` or `file_id` is not fetched and is cited by reference.
 *
 * @example
 * fileParser({ id: 'file-parser', index: 0, config: { id: 'file-parser', pdf: { engine: 'mistral-ocr' } } }, files);
 */
export function fileParser(
  entry: PluginEntry<FileParserPlugin>,
  files: readonly InputFilePart[],
): { stage: PipelineStage; context: string[]; files: ParsedFile[] } {
  const rawEngine = entry.config.pdf?.engine;
  // `pdf-text` is deprecated and redirected (reference `PDFParserEngine`).
  const engine = rawEngine === undefined || rawEngine === 'pdf-text' ? 'cloudflare-ai' : rawEngine;
  const parsed: ParsedFile[] = files.map((file, i) => {
    const filename = file.filename ?? `file-${i + 1}`;
    const decoded = typeof file.file_data === 'string' ? decodeDataUrl(file.file_data) : undefined;
    if (!decoded) {
      const ref = file.file_url ?? file.file_id ?? '(no data)';
      const text = `[file ${filename} referenced as ${ref}; not downloaded by the simulator]`;
      return { filename, mime: 'application/octet-stream', engine: 'reference', chars: text.length, text };
    }
    if (decoded.mime === 'application/pdf') {
      if (engine === 'native') {
        const text = `[file ${filename} passed natively to the model (${decoded.bytes.length} bytes)]`;
        return { filename, mime: decoded.mime, engine, chars: text.length, text };
      }
      const text = pdfText(decoded.bytes);
      return { filename, mime: decoded.mime, engine, chars: text.length, text };
    }
    const text = new TextDecoder().decode(decoded.bytes);
    return { filename, mime: decoded.mime, engine: 'text', chars: text.length, text };
  });
  return {
    stage: {
      type: 'plugin',
      name: 'file-parser',
      summary: `${parsed.length} file${parsed.length === 1 ? '' : 's'} parsed (pdf engine ${engine})`,
      data: { engine, files: parsed.map(({ text: _t, ...rest }) => rest) },
    },
    context: parsed.map((p) => `File ${p.filename} (${p.mime}, ${p.engine}): ${p.text}`),
    files: parsed,
  };
}
