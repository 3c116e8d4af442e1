import { describe, expect, it } from 'vitest';
import { FileParserPluginSchema } from '../schemas/plugins.ts';
import { validateResponsesRequest } from '../validation/validate-responses-request.ts';
import { fileParser, pdfText } from './file-parser.ts';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nstream\nBT /F1 12 Tf (Hello PDF) Tj ET\nBT (second line) Tj ET\nendstream\nendobj\n%%EOF', 'latin1');
const entry = (config: Record<string, unknown>) => ({
  id: 'file-parser' as const,
  index: 0,
  config: FileParserPluginSchema.parse({ id: 'file-parser', ...config }),
});
/** A request with this plugin config, through the one validation of POST /responses. */
const validating = (config: Record<string, unknown>) => () => validateResponsesRequest({ input: 'x', plugins: [{ id: 'file-parser', ...config }] });

describe('file-parser plugin', () => {
  it('extracts PDF text with the default engine (cloudflare-ai)', () => {
    expect(pdfText(pdf)).toBe('Hello PDF second line');
    const r = fileParser(entry({}), [{ filename: 'a.pdf', file_data: `data:application/pdf;base64,${pdf.toString('base64')}` }]);
    expect(r.stage.data).toMatchObject({
      engine: 'cloudflare-ai',
      files: [{ filename: 'a.pdf', mime: 'application/pdf', engine: 'cloudflare-ai', chars: 21 }],
    });
    expect(r.context[0]).toContain('Hello PDF second line');
  });
  it('pdf.engine: native passes the file unparsed; pdf-text is redirected to cloudflare-ai; unknown engines are 400', () => {
    const file = { filename: 'a.pdf', file_data: pdf.toString('base64') };
    expect(fileParser(entry({ pdf: { engine: 'native' } }), [file]).context[0]).toContain('passed natively');
    expect(fileParser(entry({ pdf: { engine: 'pdf-text' } }), [file]).stage.data?.engine).toBe('cloudflare-ai');
    expect(fileParser(entry({ pdf: { engine: 'mistral-ocr' } }), [file]).files[0]?.text).toBe('Hello PDF second line');
    expect(validating({ pdf: { engine: 'magic' } })).toThrow(
      /plugins\[0\]\.pdf\.engine: must be one of mistral-ocr, native, cloudflare-ai, pdf-text \(got "magic"\)/,
    );
  });
  it('decodes text files and cites URL references without downloading', () => {
    const r = fileParser(entry({}), [{ filename: 'n.txt', file_data: 'data:text/plain;base64,aGVsbG8=' }, { file_url: 'https://x.test/f.pdf' }]);
    expect(r.files.map((f) => f.text)).toEqual(['hello', '[file file-2 referenced as https://x.test/f.pdf; not downloaded by the simulator]']);
  });
});
