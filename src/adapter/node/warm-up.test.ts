import { describe, expect, it } from 'vitest';
import { startServer } from './create-server.ts';
import { warmUp } from './warm-up.ts';
import { warmUpRequests } from './warm-up-requests.ts';

describe('warmUp', () => {
  it('sends every planned request to a throwaway simulator and gets the answer of its kind: no 5xx, the valid ones 2xx', async () => {
    const plan = warmUpRequests();
    const result = await warmUp();
    expect(result).toMatchObject({ sent: plan.length, planned: plan.length, stopped: false });
    expect(result.statuses).toHaveLength(plan.length);
    for (const [i, status] of result.statuses.entries()) {
      expect(status, `${plan[i]!.method} ${plan[i]!.path}`).toBeGreaterThanOrEqual(200);
      expect(status, `${plan[i]!.method} ${plan[i]!.path}`).toBeLessThan(500);
    }
    // Every surface's default request, JSON and stream, is answered 2xx (so its whole path ran).
    const successes = (path: string) => plan.filter((p, i) => p.path === path && result.statuses[i]! < 300).length;
    expect(successes('/responses')).toBeGreaterThanOrEqual(6);
    for (const path of ['/chat/completions', '/messages', '/audio/transcriptions']) expect(successes(path), path).toBeGreaterThanOrEqual(2);
    for (const path of ['/embeddings', '/videos']) expect(successes(path), path).toBeGreaterThanOrEqual(1);
    expect(result.statuses.filter((s) => s >= 400 && s < 500).length).toBeGreaterThanOrEqual(15);
  });

  it('leaves no server or socket behind once it has ended', async () => {
    const tcp = () => process.getActiveResourcesInfo().filter((kind) => kind.startsWith('TCP')).length;
    // Sockets finish closing on the next turns of the event loop (the earlier tests' too).
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    await settle();
    const before = tcp();
    await warmUp();
    await settle();
    expect(tcp()).toBe(before);
  });

  it('stops before the next request once asked', async () => {
    let asked = 0;
    const result = await warmUp({ stop: () => ++asked > 3 });
    expect(result).toMatchObject({ sent: 3, stopped: true });
  });

  it('leaves a simulator running beside it untouched: its journal, generations and video jobs see nothing', async () => {
    const real = await startServer({ port: 0 });
    try {
      const result = await warmUp();
      expect(result.sent).toBe(result.planned);
      expect(real.gateway.videos.list()).toEqual([]);
      const journal = (await (await fetch(`${new URL(real.baseUrl).origin}/__gatewaykit/requests`)).json()) as { data: unknown[] };
      expect(journal.data).toEqual([]);
    } finally {
      await real.close();
    }
  });
});
