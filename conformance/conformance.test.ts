import { describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { startServer } from '../src/adapter/node/create-server.ts';
import { ALL_CHECKS } from './registry.ts';
import { runConformance } from './run-conformance.ts';
import type { ConformanceReport } from './report.ts';
import { KNOWN_SIMULATOR_GAPS } from './test-helpers/known-simulator-gaps.ts';

function expectConforming(report: ConformanceReport) {
  const failed = report.checks.filter((c) => c.status === 'failed' && !(c.id in KNOWN_SIMULATOR_GAPS));
  expect(failed.map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
  for (const id of Object.keys(KNOWN_SIMULATOR_GAPS))
    expect(report.checks.find((c) => c.id === id)?.status, `${id} now passes: remove it from KNOWN_SIMULATOR_GAPS`).toBe('failed');
  expect(report.checks.filter((c) => c.status !== 'passed' && c.status !== 'failed').map((c) => `${c.id}: ${c.status} ${c.reason}`)).toEqual([]);
  expect(report.checks.map((c) => c.id)).toEqual(ALL_CHECKS.map((c) => c.id));
}

describe('the suite against the simulator', () => {
  it('passes in-process (gateway.fetch, virtual clock), detecting the simulator', async () => {
    const gateway = createGateway({ clock: virtualClock(), seed: 3 });
    const report = await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch: gateway.fetch, seed: 11, runs: 8 });
    expect(report.target).toMatchObject({ simulator: true, clock: 'virtual', model: 'openai/gpt-4o-mini' });
    expectConforming(report);
    expect(report.summary.budget.used).toBeGreaterThan(0);
    expect(report.summary.budget.used).toBeLessThanOrEqual(report.summary.budget.limit);
  }, 60_000);

  it('passes over a real port (node:http, virtual clock)', async () => {
    const server = await startServer({ port: 0, clock: virtualClock() });
    try {
      const report = await runConformance({ baseUrl: server.baseUrl, apiKey: 'sk-gw-test', seed: 12, runs: 5 });
      expect(report.target.simulator).toBe(true);
      expectConforming(report);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('treated as a live gateway: simulator-only checks are skipped with a reason, the paid budget is enforced', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      simulator: false,
      maxRequests: 3,
      seed: 5,
      runs: 5,
    });
    expect(report.target.simulator).toBe(false);
    const skipped = Object.fromEntries(report.checks.filter((c) => c.status === 'skipped').map((c) => [c.id, c.reason]));
    expect(skipped['stream.random-chunking']).toMatch(/simulator/);
    expect(skipped['errors.retry-after']).toMatch(/simulator/);
    expect(skipped['videos.lifecycle']).toMatch(/include-videos/);
    expect(Object.values(skipped).some((r) => /budget/.test(r ?? ''))).toBe(true);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.budget).toMatchObject({ limit: 3, used: 3 });
    // Every check's spend is in the report: with the preflight's one generation they add up to the budget used.
    expect(report.preflight.steps.find((s) => s.step === 'generation')?.ok).toBe(true);
    expect(report.checks.reduce((n, c) => n + c.paid, 0)).toBe(2);
    // Nothing paid reached the gateway past the budget, served or rejected.
    const paid = gateway.control
      .requests()
      .filter((r) => r.operation === 'responses.create' || r.operation.startsWith('videos') || r.operation.startsWith('audio'));
    expect(paid.length).toBeLessThanOrEqual(3);
  });

  it('the video checks run against a target without the simulator controls (real waits, here an injected sleep), cancel not drawn', async () => {
    const gateway = createGateway({ clock: virtualClock(), seed: 2 });
    const sent: string[] = [];
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: async (input, init) => {
        sent.push(new URL(String(input)).pathname);
        return gateway.fetch(input, init);
      },
      simulator: false,
      includeVideos: true,
      only: ['videos.'],
      seed: 4,
      runs: 3,
      // A live video job costs dollars at the listed SKUs (up to $9.20 for 8 s of veo-3.1 with audio): above the default --max-spend.
      maxSpend: 500,
      // A live job takes real time: the suite waits; here each wait moves the simulator's clock.
      sleep: (ms) => gateway.control.advanceClock(ms),
    });
    expect(report.checks.map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`.trim())).toEqual(
      report.checks.map((c) => `${c.id}: passed${c.reason ? ` ${c.reason}` : ''}`),
    );
    expect(sent.filter((p) => p.startsWith('/__gatewaykit/'))).toEqual([]);
  });

  it('waits out a 429 with Retry-After (injected sleep) and retries', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const waits: number[] = [];
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-rate-limited',
      fetch: gateway.fetch,
      only: ['result.shape'],
      seed: 1,
      // The rate-limited demo key allows 1 request per 2 s: model discovery takes it, the check gets a 429.
      sleep: async (ms) => {
        waits.push(ms);
        await gateway.control.advanceClock(ms);
      },
    });
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]).toBeGreaterThan(0);
    expect(report.summary.retries).toBe(waits.length);
    expect(report.checks[0]?.status).toBe('passed');
  });
});
