import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import type { Check } from './check.ts';
import type { FetchLike } from './client/gateway-client.ts';
import { ALL_MUTANTS } from './mutants/index.ts';
import type { ConformanceReport } from './report.ts';
import { runConformance } from './run-conformance.ts';

/** What must not depend on checks running side by side: everything but timing (the simulator mints each check's ids from its own count). */
const results = (report: ConformanceReport) => report.checks.map(({ durationMs: _, ...rest }) => rest);

async function run(parallelChecks: number, fetchOf: (fetch: FetchLike) => FetchLike = (f) => f) {
  const gateway = createGateway({ clock: virtualClock(), seed: 7 });
  return runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: fetchOf(gateway.fetch), seed: 5, runs: 6, preflight: false, parallelChecks });
}

/** A check that sends GETs to `/models?<tag>-<i>`, the first answer held back `delayMs`. */
function sender(id: string, tag: string, delayMs: number): Check {
  return {
    id,
    spec: 'test',
    rules: [],
    title: id,
    free: true,
    exclusive: false,
    run: async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      for (let i = 0; i < 3; i++) await ctx.client.send({ method: 'GET', path: `/models?${tag}-${i}` });
      return { status: 'passed' };
    },
  };
}

function journalReader(exclusive: boolean, seen: string[]): Check {
  return {
    id: 'test.journal',
    spec: 'test',
    rules: [],
    title: 'reads the journal',
    free: true,
    exclusive,
    run: async (ctx) => {
      seen.push(...ctx.exchanges().map((s) => `${s.checkId} ${s.exchange.probe.path}`));
      return { status: 'passed' };
    },
  };
}

describe('checks side by side (parallelChecks)', () => {
  it('the whole suite: the same results as one check at a time, on a conforming target and on a broken one', async () => {
    expect(results(await run(3))).toEqual(results(await run(1)));
    const mutant = ALL_MUTANTS.find((m) => m.id === 'stream-deltas-dont-join')!;
    const broken = (f: FetchLike) => mutant.wrap(f, { apiKey: 'sk-gw-test' });
    const one = await run(1, broken);
    expect(one.checks.find((c) => c.id === mutant.caughtBy)?.status).toBe('failed');
    expect(results(await run(3, broken))).toEqual(results(one));
  }, 120_000);

  it('journals each check in check order, whatever order they finished in; reports in check order', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const seen: string[] = [];
    const order: string[] = [];
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      preflight: false,
      model: 'm',
      includeVideos: false,
      parallelChecks: 3,
      checks: [sender('test.slow', 'a', 30), sender('test.fast', 'b', 0), journalReader(true, seen)],
      onProgress: (e) => (e.kind === 'check' ? order.push(e.result.id) : undefined),
    });
    expect(order).toEqual(['test.slow', 'test.fast', 'test.journal']);
    expect(report.checks.map((c) => [c.id, c.requests])).toEqual([
      ['test.slow', 3],
      ['test.fast', 3],
      ['test.journal', 0],
    ]);
    expect(seen.filter((s) => s.startsWith('test.'))).toEqual([
      ...[0, 1, 2].map((i) => `test.slow /models?a-${i}`),
      ...[0, 1, 2].map((i) => `test.fast /models?b-${i}`),
    ]);
  });

  it('a check that reads the journal beside other checks is an error that says to mark it exclusive', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      preflight: false,
      model: 'm',
      includeVideos: false,
      parallelChecks: 2,
      checks: [journalReader(false, [])],
    });
    expect(report.checks[0]).toMatchObject({ status: 'error', reason: expect.stringContaining('exclusive: true') });
  });

  it('one at a time against a target that is not the simulator, and under a budget of the user', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    let inFlight = 0;
    let most = 0;
    const fetch: FetchLike = async (input, init) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return await gateway.fetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const checks = [sender('test.a', 'a', 0), sender('test.b', 'b', 0)];
    await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch,
      preflight: false,
      model: 'm',
      includeVideos: false,
      parallelChecks: 2,
      maxRequests: 100,
      checks,
    });
    expect(most).toBe(1);
    await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch,
      preflight: false,
      model: 'm',
      includeVideos: false,
      parallelChecks: 2,
      simulator: false,
      checks,
    });
    expect(most).toBe(1);
    await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch,
      preflight: false,
      model: 'm',
      includeVideos: false,
      parallelChecks: 2,
      checks,
    });
    expect(most).toBe(2);
  }, 60_000);
});
