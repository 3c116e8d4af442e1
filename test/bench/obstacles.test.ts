import { describe, expect, it } from 'vitest';
import { largestPackages } from '../../bench/footprint/largest-packages.ts';
import {
  conformanceObstacle,
  efficiencyObstacle,
  importObstacle,
  inProcessObstacle,
  latencyObstacle,
  sameCodeObstacle,
  stepsInMicros,
} from '../../bench/obstacles.ts';
import type { ProfileSummary } from '../../bench/profile-summary.ts';

/** A profile with 20% idle: shares of the busy time are the shares / 0.8. */
const profile: ProfileSummary = {
  label: 'gatewaykit json (default, gpt-4o-mini): 7000 req/s while profiled, 2 s',
  totalMs: 2000,
  self: [
    { name: 'writev', share: 0.2 },
    { name: '(idle)', share: 0.2 },
    { name: '(garbage collector)', share: 0.04 },
  ],
  inclusive: [
    { name: '(anonymous) src/adapter/node/create-server.ts', share: 0.6 },
    { name: 'writeFetchResponse src/adapter/node/write-fetch-response.ts', share: 0.3 },
    { name: 'dispatch src/http/dispatch.ts', share: 0.25 },
    { name: 'runEngine src/engine/run-engine.ts', share: 0.16 },
    { name: 'responses.create src/operations/responses/operation.ts', share: 0.15 },
    { name: 'record src/state/journal.ts', share: 0.08 },
  ],
};

describe('bench: what stands in the way of a missed goal', () => {
  it('turns profile shares into µs per request of the busy time, leaving out the frames that hold the whole request', () => {
    expect(stepsInMicros(profile, 100, 2)).toEqual([
      'the socket write (`writev`) ≈ 25 µs',
      'garbage collection ≈ 5 µs',
      '`runEngine` (engine/run-engine.ts) ≈ 20 µs',
      '`record` (state/journal.ts) ≈ 10 µs',
    ]);
  });

  it('says how far the CPU per request must fall for the efficiency target, with the bytes and the row profile', () => {
    const text = efficiencyObstacle({
      gatewaykit: { rps: 7000, p99: 3, cpuUs: 150 },
      peer: { rps: 8000, p99: 3, cpuUs: 125 },
      min: 1.25,
      profile,
      bytes: { gatewaykit: 1188, peer: 539 },
    });
    expect(text).toContain("gatewaykit's CPU per request would be 100.0 µs or less: it was 150.0 µs, 50.0 µs over (aimock 125.0 µs)");
    expect(text).toContain("gatewaykit writes 1188 B per answer against aimock's 539 B (2.20x)");
    expect(text).toContain('the socket write (`writev`) ≈ 38 µs');
    expect(text).toContain('`runEngine` (engine/run-engine.ts) ≈ 30 µs');
    expect(text).not.toContain('bare');
    const withBare = efficiencyObstacle({
      gatewaykit: { rps: 7000, p99: 3, cpuUs: 150 },
      peer: { rps: 8000, p99: 3, cpuUs: 125 },
      min: 1.25,
      bare: { rps: 40000, p99: 1, cpuUs: 23.7 },
    });
    expect(withBare).toContain("A bare node:http server writing gatewaykit's bytes spent 23.7 µs per request in all.");
  });

  it('two rows with different numbers give different sentences', () => {
    const a = efficiencyObstacle({ gatewaykit: { rps: 1, p99: 1, cpuUs: 150 }, peer: { rps: 1, p99: 1, cpuUs: 125 }, min: 1.25, profile });
    const b = efficiencyObstacle({ gatewaykit: { rps: 1, p99: 1, cpuUs: 200 }, peer: { rps: 1, p99: 1, cpuUs: 170 }, min: 1.25, profile });
    expect(a).not.toBe(b);
    expect(efficiencyObstacle({ gatewaykit: { rps: 1, p99: 1 }, peer: { rps: 1, p99: 1, cpuUs: 1 }, min: 1.25 })).toBe('Not measured in this run.');
  });

  it('npm start against the compiled package: overlapping rounds, or a gap in every round', () => {
    expect(sameCodeObstacle({ rps: 1, p99: 1, cpuRuns: [150, 140, 160] }, { rps: 1, p99: 1, cpuRuns: [139, 145, 141] })).toContain('The rounds overlap');
    const gap = sameCodeObstacle({ rps: 1, p99: 1, cpuRuns: [150, 152, 160] }, { rps: 1, p99: 1, cpuRuns: [139, 145, 141] });
    expect(gap).toContain('Per round, `npm start` 150.0, 152.0, 160.0 µs and the compiled package 139.0, 145.0, 141.0 µs.');
    expect(gap).toContain('cost more in every round (by 5.0 µs at least)');
  });

  it('latency, in-process, conformance and import sentences carry the run figures', () => {
    expect(latencyObstacle({ rps: 4920, p99: 5, cpuUs: 207.4 }, { rps: 5868, p99: 4, cpuUs: 173 })).toMatch(
      /^p99 5 ms against 4 ms at 207\.4 µs against 173\.0 µs of CPU per request \(4,920 vs 5,868 req\/s\)/,
    );
    const inProcess = inProcessObstacle({ directUs: 96.5, directCpuUs: 137 }, profile, 40, 25);
    expect(inProcess).toContain('96.5 µs per request (137.0 µs of CPU), 71.5 µs over');
    expect(inProcess).toContain('it took 40.0 µs');
    expect(inProcess).not.toContain('socket write');
    expect(conformanceObstacle(1000, 800, { ...profile, inclusive: [{ name: 'once conformance/client/gateway-client.ts', share: 0.15 }] })).toBe(
      '1250.0 µs of wall time per request. The client (fast-check, the schemas, the oracles) was busy 80% of the run and waited for the server 20%; its costliest steps (inclusive): `once` (conformance/client/gateway-client.ts) 15%.',
    );
    expect(importObstacle(480, 470, { msw: 220, zod: 70 })).toBe(
      "480.0 ms (470.0 ms of CPU) in a fresh process; in the same install, `import('msw')` alone 220.0 ms, `import('zod')` alone 70.0 ms: what gatewaykit's root export loads with it.",
    );
  });

  it('largest packages: nested copies summed by name, largest first', () => {
    const pkgs = [
      { name: 'zod', bytes: 9 },
      { name: 'msw', bytes: 8 },
      { name: 'tslib', bytes: 1 },
      { name: 'tslib', bytes: 2 },
      { name: 'a', bytes: 3 },
    ];
    expect(largestPackages(pkgs, 3)).toEqual([
      { name: 'zod', bytes: 9 },
      { name: 'msw', bytes: 8 },
      { name: 'a', bytes: 3 },
    ]);
    expect(largestPackages(pkgs, 5).find((p) => p.name === 'tslib')?.bytes).toBe(3);
  });
});
