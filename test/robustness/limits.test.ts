import { describe, expect, it } from 'vitest';
import { bytesToBase64, pcmWav } from '../../src/audio/pcm-wav.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { readStateFile } from '../../src/adapter/node/state-file.ts';

const json = (key = 'sk-gw-test') => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

describe('robustness: limits that agree', () => {
  it('F11 /audio/transcriptions honours --max-body-bytes for JSON bodies (a 140 MB body was read whole)', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock(), maxBodyBytes: 1024 * 1024 });
    const body = JSON.stringify({ model: 'openai/whisper-large-v3', input_audio: { data: 'A'.repeat(3 * 1024 * 1024), format: 'wav' } });
    const res = await gateway.fetch('/audio/transcriptions', { method: 'POST', headers: json(), body });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe(413);
    // A small one is still served.
    const wav = bytesToBase64(pcmWav({ seconds: 0.5 }));
    const ok = await gateway.fetch('/audio/transcriptions', {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ model: 'openai/whisper-large-v3', input_audio: { data: wav, format: 'wav' } }),
    });
    expect(ok.status).toBe(200);
  });

  it('multipart uploads have their own limit (maxUploadBytes, --max-upload-bytes)', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock(), maxBodyBytes: 1024 * 1024, maxUploadBytes: 2 * 1024 * 1024 });
    const form = (bytes: number) => {
      const f = new FormData();
      f.set('model', 'openai/whisper-large-v3');
      f.set('file', new File([pcmWav({ seconds: bytes / 32000 }) as BlobPart], 'a.wav', { type: 'audio/wav' }));
      return f;
    };
    const big = await gateway.fetch('/audio/transcriptions', { method: 'POST', headers: { authorization: 'Bearer sk-gw-test' }, body: form(3 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toMatch(/--max-upload-bytes/);
    // Over --max-body-bytes but within the upload limit: served.
    const mid = await gateway.fetch('/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-gw-test' },
      body: form(1.5 * 1024 * 1024),
    });
    expect(mid.status).toBe(200);
  });

  it('video prompts are bounded (a 9 MB prompt was stored and persisted)', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const res = await gateway.fetch('/videos', {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'x'.repeat(9_000_000) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/prompt: at most 32000 characters/);
    expect(gateway.videos.list()).toEqual([]);
  });

  it('a job is visible only to the key that created it; others get 404, as for an unknown id', async () => {
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
    const created = await (
      await gateway.fetch('/videos', { method: 'POST', headers: json(), body: JSON.stringify({ model: 'google/veo-3.1', prompt: 'mine' }) })
    ).json();
    expect((await gateway.fetch(`/videos/${created.id}`, { headers: json() })).status).toBe(200);
    for (const path of [`/videos/${created.id}`, `/videos/${created.id}/content`]) {
      const other = await gateway.fetch(path, { headers: json('sk-gw-no-credits') });
      expect(other.status, path).toBe(404);
      expect((await other.json()).error.message).toBe(`No video job ${created.id}`);
    }
    const cont = await gateway.fetch('/videos', {
      method: 'POST',
      headers: json('sk-gw-management'),
      body: JSON.stringify({ model: 'google/veo-3.1', previous_job_id: created.id }),
    });
    expect(cont.status).toBe(404);
    // The owner is a hash, never the key (the state file must not hold keys).
    expect(JSON.stringify(gateway.videos.snapshot())).not.toContain('sk-gw-test');
    expect(readStateFile).toBeTypeOf('function');
  });
});

describe('robustness: --max-connections', () => {
  it('closes connections past the cap at once and keeps serving the others', async () => {
    const { startServer } = await import('../../src/adapter/node/create-server.ts');
    const { connect } = await import('node:net');
    const running = await startServer({ port: 0, clock: virtualClock(), maxConnections: 3 });
    const sockets: import('node:net').Socket[] = [];
    try {
      const open = () =>
        new Promise<import('node:net').Socket>((resolve) => {
          const s = connect({ host: '127.0.0.1', port: running.port }, () => resolve(s));
          s.on('error', () => undefined);
          sockets.push(s);
        });
      for (let i = 0; i < 3; i++) await open();
      const extra = await open();
      const closed = await new Promise<boolean>((resolve) => {
        extra.once('close', () => resolve(true));
        setTimeout(() => resolve(false), 2000);
      });
      expect(closed).toBe(true);
      for (const s of sockets) s.destroy();
      await new Promise((r) => setTimeout(r, 50));
      const res = await fetch(`${running.baseUrl}/models`, { headers: { authorization: 'Bearer sk-gw-test' } });
      expect(res.status).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      await running.close();
    }
  });
});
