import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { stateFileOptions } from '../src/adapter/node/state-file.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-files-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const AUTH = { authorization: 'Bearer sk-gw-test' };

/** A gateway on a state file, as `gatewaykit serve --state-file FILE --downloadable-uploads` builds it (in-process). */
async function open(file: string) {
  const clock = virtualClock(Date.UTC(2026, 10, 28, 10));
  const state = await stateFileOptions(file, clock);
  const gw = createGateway({ clock, videoJobs: state.videoJobs, management: state.management, files: { ...state.files, uploadsDownloadable: true } });
  return { gw, state };
}

async function upload(gw: Gateway, bytes: Uint8Array, filename: string): Promise<{ id: string; mime_type: string }> {
  const form = new FormData();
  form.append('file', new Blob([bytes.slice()]), filename);
  const res = await gw.fetch('/files', { method: 'POST', headers: AUTH, body: form });
  expect(res.status).toBe(200);
  return res.json();
}

const content = async (gw: Gateway, id: string) => {
  const res = await gw.fetch(`/files/${id}/content`, { headers: AUTH });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('files survive a restart with a state file', () => {
  it('uploaded files come back byte for byte, deleted ones stay deleted, ids never repeat; a control reset forgets them in the file too', async () => {
    const file = join(dir, 'state.log');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 3000 }, (_, i) => (i * 7) & 0xff)]);
    const first = await open(file);
    const kept = await upload(first.gw, png, 'pixel.png');
    const gone = await upload(first.gw, new TextEncoder().encode('# Title\n\nbody'), 'notes.md');
    expect(gone.mime_type).toBe('text/markdown');
    expect((await first.gw.fetch(`/files/${gone.id}`, { method: 'DELETE', headers: AUTH })).status).toBe(200);
    await first.state.log.close();

    const second = await open(file);
    expect(second.state.files?.restore?.files).toHaveLength(1);
    expect(await (await second.gw.fetch(`/files/${kept.id}`, { headers: AUTH })).json()).toMatchObject({
      id: kept.id,
      filename: 'pixel.png',
      mime_type: 'image/png',
      size_bytes: png.length,
    });
    expect(await content(second.gw, kept.id)).toEqual({ status: 200, bytes: png });
    expect((await content(second.gw, gone.id)).status).toBe(404);
    const next = await upload(second.gw, new TextEncoder().encode('later'), 'later.txt');
    expect([kept.id, gone.id]).not.toContain(next.id);
    expect(next.id > gone.id).toBe(true);
    second.gw.control.reset();
    await second.state.log.idle();
    await second.state.log.close();

    const third = await open(file);
    expect((await (await third.gw.fetch('/files', { headers: AUTH })).json()).data).toEqual([]);
    await third.state.log.close();
  });

  it('a compaction keeps the files (hundreds of uploads and deletes around one kept file)', async () => {
    const file = join(dir, 'compacted.log');
    const first = await open(file);
    const kept = await upload(first.gw, new TextEncoder().encode('keep me'), 'keep.txt');
    // 600 uploads, each deleted once its upload is answered; 20 such pairs at a time, so the log
    // writes them in batches (one flush each) as it does for concurrent clients.
    const pair = async (i: number) => {
      const temporary = await upload(first.gw, new TextEncoder().encode(`temporary ${i}`), 't.txt');
      expect((await first.gw.fetch(`/files/${temporary.id}`, { method: 'DELETE', headers: AUTH })).status).toBe(200);
    };
    for (let i = 0; i < 600; i += 20) await Promise.all(Array.from({ length: 20 }, (_, j) => pair(i + j)));
    await first.state.log.idle();
    expect(first.state.log.stats().compactions).toBeGreaterThan(0);
    await first.state.log.close();
    const second = await open(file);
    expect((await (await second.gw.fetch('/files', { headers: AUTH })).json()).data.map((f: { id: string }) => f.id)).toEqual([kept.id]);
    expect(new TextDecoder().decode((await content(second.gw, kept.id)).bytes)).toBe('keep me');
    await second.state.log.close();
    // 1,200 changes, each made durable before its answer.
  }, 180_000);
});
