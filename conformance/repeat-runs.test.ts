import { describe, expect, it } from 'vitest';
import { startServer } from '../src/adapter/node/create-server.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { runConformance } from './run-conformance.ts';

/**
 * A check whose verdict on a second run against the same simulator process is not yet the
 * first's, with the reason: the test fails when it starts agreeing, so the list never outlives the gap.
 */
const REPEAT_GAPS: Readonly<Record<string, string>> = {};

describe('runs against the same simulator process', () => {
  it('a second and a third run give the verdicts of the first', async () => {
    const server = await startServer({ port: 0, clock: virtualClock() });
    try {
      const run = async () => {
        const report = await runConformance({ baseUrl: server.baseUrl, apiKey: 'sk-gw-test', seed: 9, runs: 3 });
        return Object.fromEntries(report.checks.map((c) => [c.id, `${c.status}${c.status === 'failed' ? `: ${c.reason ?? ''}` : ''}`]));
      };
      const first = await run();
      for (const n of [2, 3]) {
        const again = await run();
        const changed = Object.keys(first).filter((id) => again[id] !== first[id]);
        expect(changed.filter((id) => !(id in REPEAT_GAPS)).map((id) => `run ${n}: ${id} ${first[id]} -> ${again[id]}`)).toEqual([]);
        for (const id of Object.keys(REPEAT_GAPS)) expect(changed, `${id} now agrees on run ${n}: remove it from REPEAT_GAPS`).toContain(id);
      }
    } finally {
      await server.close();
    }
  }, 120_000);
});
