import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/adapter/node/create-server.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import type { VideoJobsPersistence } from '../../src/videos/video-jobs.ts';
import { jsonHeaders } from '../targets.ts';

/** Issue 25.5: shutting down lets the answers in flight finish; nobody is reset after their job was saved. */
const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-shutdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const body = JSON.stringify({ model: 'google/veo-3.1', prompt: 'a kite' });

/** A store whose saves wait until the test lets them through. */
function gatedPersistence() {
  const events: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let saving!: () => void;
  const started = new Promise<void>((resolve) => (saving = resolve));
  const persistence: VideoJobsPersistence = {
    async save(change) {
      if (change.kind !== 'job') return;
      saving();
      await gate;
      events.push(`saved ${change.job.id}`);
    },
    async close() {
      events.push('store closed');
    },
  };
  return { persistence, events, open, started };
}

describe('issue 25.5 graceful shutdown', () => {
  it('close(): an answer in flight (its job being saved) still gets its 202; new connections are refused; the store closes last', async () => {
    const store = gatedPersistence();
    const running = await startServer({ port: 0, clock: virtualClock(), videoJobs: { persistence: store.persistence } });
    const answer = fetch(`${running.baseUrl}/videos`, { method: 'POST', headers: jsonHeaders(), body });
    await store.started;
    const closing = running.close();
    const refused = await fetch(`${running.baseUrl}/models`, { headers: jsonHeaders() }).then(
      () => 'answered',
      (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
    );
    expect(refused).toBe('ECONNREFUSED');
    store.open();
    const res = await answer;
    expect(res.status).toBe(202);
    const job = (await res.json()) as { id: string };
    expect(res.headers.get('connection')).toBe('close');
    await closing;
    expect(store.events).toEqual([`saved ${job.id}`, 'store closed']);
  });

  it('close() is bounded: an answer that never finishes is dropped after shutdownTimeoutMs', async () => {
    const store = gatedPersistence();
    const running = await startServer({ port: 0, clock: virtualClock(), shutdownTimeoutMs: 100, videoJobs: { persistence: store.persistence } });
    const answer = fetch(`${running.baseUrl}/videos`, { method: 'POST', headers: jsonHeaders(), body }).then(
      (r) => r.status,
      () => 'reset',
    );
    await store.started;
    await running.close();
    expect(await answer).toBe('reset');
    expect(store.events).toEqual(['store closed']);
    store.open();
  });
});
