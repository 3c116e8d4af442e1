import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { ErrorBodySchema } from '../src/schemas/error-body.ts';
import { FileDeleteResponseSchema, FileListResponseSchema, OpenRouterFileSchema } from '../src/schemas/file-responses.ts';
import { referenceResponseValidator } from './support/reference-schema.ts';
import { TARGET_KINDS, startTarget, type Target } from './targets.ts';

const AUTH = { authorization: 'Bearer sk-gw-test' };
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\nBT (Quarterly revenue grew 12 percent) Tj ET\n%%EOF\n');

/** A multipart upload of `bytes` named `filename`, as any client sends it (FormData). */
function form(bytes: Uint8Array, filename: string, extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  data.append('file', new Blob([bytes.slice()]), filename);
  for (const [name, value] of Object.entries(extra)) data.append(name, value);
  return data;
}

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return ErrorBodySchema.parse(body).error.message;
}

describe.each(TARGET_KINDS)('/files (%s)', (kind) => {
  let target: Target;
  const upload = (bytes: Uint8Array, filename: string, query = '') =>
    target.fetch(`/files${query}`, { method: 'POST', headers: AUTH, body: form(bytes, filename) });
  const get = (path: string) => target.fetch(path, { headers: AUTH });
  const del = (path: string) => target.fetch(path, { method: 'DELETE', headers: AUTH });

  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), files: { uploadsDownloadable: true, bounds: { maxFileBytes: 64 * 1024, maxFiles: 5 } } });
  });
  beforeEach(() => target.gateway.control.reset());
  afterAll(() => target.close());

  it('round-trips a file: upload, list, get, content byte for byte with its type, delete, then 404 everywhere', async () => {
    const res = await upload(PDF, 'report.pdf');
    const file = await res.json();
    expect(res.status, JSON.stringify(file)).toBe(200);
    const valid = referenceResponseValidator('post', '/files', '200');
    expect(valid(file), JSON.stringify(valid.errors)).toBe(true);
    expect(OpenRouterFileSchema.strict().parse(file)).toMatchObject({
      _shape: 'openrouter',
      type: 'file',
      filename: 'report.pdf',
      mime_type: 'application/pdf',
      size_bytes: PDF.length,
      downloadable: true,
    });
    expect(file.id).toMatch(/^or_file_[0-9A-Za-z]{24}$/);

    const listed = await (await get('/files')).json();
    expect(FileListResponseSchema.parse(listed)).toMatchObject({ data: [file], has_more: false, first_id: file.id, last_id: file.id, cursor: null });
    expect(await (await get(`/files/${file.id}`)).json()).toEqual(file);

    const content = await get(`/files/${file.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(PDF);
    // Asked for by its own type, the content comes with it.
    const typed = await target.fetch(`/files/${file.id}/content`, { headers: { ...AUTH, accept: 'application/pdf' } });
    expect(typed.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await typed.arrayBuffer())).toEqual(PDF);

    const deleted = await del(`/files/${file.id}`);
    expect(FileDeleteResponseSchema.parse(await deleted.json())).toEqual({ _shape: 'openrouter', id: file.id, type: 'file_deleted' });
    for (const path of [`/files/${file.id}`, `/files/${file.id}/content`]) expect(await errorOf(await get(path), 404)).toMatch(/^File not found/);
    expect(await errorOf(await del(`/files/${file.id}`), 404)).toMatch(/^File not found/);
    expect((await (await get('/files')).json()).data).toEqual([]);
  });

  it('sniffs the type from the bytes, not the name; empty and unknown contents are 400s', async () => {
    const csv = await (await upload(new TextEncoder().encode('a,b\n1,2\n3,4\n'), 'data.pdf')).json();
    expect(csv.mime_type).toBe('text/csv');
    const json = await (await upload(new TextEncoder().encode('{"a": [1, 2]}'), 'x.bin')).json();
    expect(json.mime_type).toBe('application/json');
    expect(await errorOf(await upload(new Uint8Array(0), 'empty.txt'), 400)).toMatch(/empty/);
    expect(await errorOf(await upload(new Uint8Array([0, 1, 2, 3, 0xfe]), 'blob.pdf'), 400)).toMatch(/^file: unsupported file type/);
    const notMultipart = await target.fetch('/files', { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{}' });
    expect(await errorOf(notMultipart, 400)).toMatch(/multipart\/form-data/);
  });

  it('pages by cursor in upload order; after and after_id page the same; limit is checked', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await (await upload(new TextEncoder().encode(`note ${i}`), `n${i}.txt`)).json()).id);
    expect([...ids].sort()).toEqual(ids);
    const first = await (await get('/files?limit=2')).json();
    expect(first.data.map((f: { id: string }) => f.id)).toEqual(ids.slice(0, 2));
    expect(first).toMatchObject({ has_more: true, first_id: ids[0], last_id: ids[1] });
    const second = await (await get(`/files?limit=2&cursor=${first.cursor}`)).json();
    expect(second.data.map((f: { id: string }) => f.id)).toEqual(ids.slice(2, 4));
    const last = await (await get(`/files?limit=2&cursor=${second.cursor}`)).json();
    expect(last).toMatchObject({ has_more: false, cursor: null, first_id: ids[4], last_id: ids[4] });
    // A cursor naming a file deleted since still pages on.
    await del(`/files/${ids[1]}`);
    expect((await (await get(`/files?after=${ids[1]}`)).json()).data.map((f: { id: string }) => f.id)).toEqual(ids.slice(2));
    expect((await (await get(`/files?after_id=${ids[3]}`)).json()).data.map((f: { id: string }) => f.id)).toEqual([ids[4]]);
    expect(await errorOf(await get('/files?limit=0'), 400)).toMatch(/^limit/);
    expect(await errorOf(await get('/files?limit=1001'), 400)).toMatch(/^limit/);
    expect(await errorOf(await get('/files?cursor=garbage'), 400)).toMatch(/^cursor/);
    expect(await errorOf(await get(`/files?order=desc`), 400)).toMatch(/^order/);
    expect(await errorOf(await get(`/files?before_id=${ids[2]}`), 400)).toMatch(/^before_id/);
  });

  it('bounds: a file past the size limit and a file past the count are 413s; a delete makes room', async () => {
    expect(await errorOf(await upload(new Uint8Array(64 * 1024 + 1).fill(0x61), 'big.txt'), 413)).toMatch(/65536-byte upload limit/);
    expect(await errorOf(await upload(new Uint8Array(200 * 1024).fill(0x61), 'huge.txt'), 413)).toMatch(/upload limit/);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await (await upload(new TextEncoder().encode(`f${i}`), `f${i}.txt`)).json()).id);
    expect(await errorOf(await upload(new TextEncoder().encode('one more'), 'more.txt'), 413)).toMatch(/at most 5 files/);
    await del(`/files/${ids[0]}`);
    expect((await upload(new TextEncoder().encode('one more'), 'more.txt')).status).toBe(200);
  });

  it('answers in the shape `provider` asks for (OpenAI, Anthropic); files belong to a workspace; 401 without a key', async () => {
    const openai = await (await upload(PDF, 'a.pdf', '?provider=openai')).json();
    expect(openai).toMatchObject({ _shape: 'openai', object: 'file', bytes: PDF.length, purpose: 'user_data', status: 'processed' });
    expect(referenceResponseValidator('post', '/files', '200')(openai)).toBe(true);
    const list = await (await get('/files?provider=anthropic')).json();
    expect(list).toMatchObject({ _shape: 'anthropic', data: [{ _shape: 'anthropic', id: openai.id }] });
    expect(await (await del(`/files/${openai.id}?provider=openai`)).json()).toEqual({ _shape: 'openai', id: openai.id, object: 'file', deleted: true });
    const workspace = 'a103d8b6-42f0-4e50-9a3c-bf41e2c3c1a7';
    const other = await (await upload(PDF, 'w.pdf', `?workspace_id=${workspace}`)).json();
    expect((await (await get('/files')).json()).data).toEqual([]);
    expect((await (await get(`/files?workspace_id=${workspace}`)).json()).data.map((f: { id: string }) => f.id)).toEqual([other.id]);
    expect(await errorOf(await get(`/files/${other.id}`), 404)).toMatch(/^File not found/);
    expect((await target.fetch('/files')).status).toBe(401);
  });
});

describe('/files content by default (the reference: uploads are not downloadable)', () => {
  it('marks uploads downloadable: false and answers their content with a 400', async () => {
    const target = await startTarget('msw', { clock: virtualClock() });
    try {
      const file = await (await target.fetch('/files', { method: 'POST', headers: AUTH, body: form(PDF, 'r.pdf') })).json();
      expect(file.downloadable).toBe(false);
      expect(await errorOf(await target.fetch(`/files/${file.id}/content`, { headers: AUTH }), 400)).toMatch(/only files created server-side are downloadable/);
    } finally {
      await target.close();
    }
  });
});

describe('a file id in inference input reaches the file-parser plugin like inline data', () => {
  let target: Target;
  const MODEL = 'openai/gpt-4o-mini';
  const META = { ...AUTH, 'content-type': 'application/json', 'x-gateway-metadata': 'enabled' };
  const post = (path: string, body: unknown) => target.fetch(path, { method: 'POST', headers: META, body: JSON.stringify(body) });
  const INLINE = `data:application/pdf;base64,${btoa(String.fromCharCode(...PDF))}`;
  type Answer = { usage: Record<string, number>; gateway_metadata: { pipeline: Array<{ name?: string; data?: unknown }> } };
  const parserStage = (answer: Answer) => answer.gateway_metadata.pipeline.find((stage) => stage.name === 'file-parser')?.data;

  beforeAll(async () => {
    target = await startTarget('msw', { clock: virtualClock(), catalog: 'small' });
  });
  afterAll(() => target.close());

  it('/responses: an input_file with file_id parses and bills as the same bytes sent as file_data; unknown or deleted ids are 404s', async () => {
    const file = await (await target.fetch('/files', { method: 'POST', headers: AUTH, body: form(PDF, 'report.pdf') })).json();
    const request = (part: Record<string, unknown>) => ({
      model: MODEL,
      plugins: [{ id: 'file-parser' }],
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Summarise the report.' },
            { type: 'input_file', ...part },
          ],
        },
      ],
    });
    const byId = await post('/responses', request({ file_id: file.id }));
    const viaId = (await byId.json()) as Answer;
    expect(byId.status, JSON.stringify(viaId)).toBe(200);
    const inline = (await (await post('/responses', request({ filename: 'report.pdf', file_data: INLINE }))).json()) as Answer;
    expect(parserStage(viaId)).toEqual(parserStage(inline));
    expect(parserStage(viaId)).toMatchObject({
      files: [{ filename: 'report.pdf', mime: 'application/pdf', engine: 'cloudflare-ai', chars: 'Quarterly revenue grew 12 percent'.length }],
    });
    expect(viaId.usage.input_tokens).toBe(inline.usage.input_tokens);

    expect(await errorOf(await post('/responses', request({ file_id: 'or_file_000000nothinghere00000' })), 404)).toMatch(
      /^File not found: "or_file_000000nothinghere00000"/,
    );
    await target.fetch(`/files/${file.id}`, { method: 'DELETE', headers: AUTH });
    expect(await errorOf(await post('/responses', request({ file_id: file.id })), 404)).toMatch(/^File not found/);
  });

  it('/chat/completions: a file part with file_id parses as the same bytes sent as file_data; an unknown id is a 404', async () => {
    const file = await (
      await target.fetch('/files', { method: 'POST', headers: AUTH, body: form(new TextEncoder().encode('The password is swordfish.'), 'note.txt') })
    ).json();
    const request = (part: Record<string, unknown>) => ({
      model: MODEL,
      plugins: [{ id: 'file-parser' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is the password?' },
            { type: 'file', file: part },
          ],
        },
      ],
    });
    const viaId = (await (await post('/chat/completions', request({ file_id: file.id }))).json()) as Answer;
    const inline = (await (
      await post('/chat/completions', request({ filename: 'note.txt', file_data: `data:text/plain;base64,${btoa('The password is swordfish.')}` }))
    ).json()) as Answer;
    expect(parserStage(viaId)).toEqual(parserStage(inline));
    expect(parserStage(viaId)).toMatchObject({ files: [{ filename: 'note.txt', mime: 'text/plain', engine: 'text' }] });
    expect(viaId.usage.prompt_tokens).toBe(inline.usage.prompt_tokens);
    expect(await errorOf(await post('/chat/completions', request({ file_id: 'file-abc123' })), 404)).toMatch(/^File not found: "file-abc123"/);
  });
});
