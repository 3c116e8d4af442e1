import fc from 'fast-check';
import { afterAll, beforeAll, describe as suite, expect, it } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { isLoopback } from '../../src/http/dispatch.ts';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { envelopeProblems, readAll } from './check-response.ts';
import { askedForFailure, describe, fuzzRequestArb, toRequest, type FuzzRequest } from './fuzz-request.ts';
import { fuzzSeed } from './fuzz-seed.ts';
import { runsFor } from '../support/runs.ts';

/**
 * Requests the fuzzer found failing whose fix belongs to another area: listed with the reason and
 * not sent, so the rest of the run still means something. Remove an entry once it is fixed.
 * (None at present: clock/advance past the Date range is now a 400.)
 */
function knownIssue(_spec: FuzzRequest): string | undefined {
  return undefined;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? runsFor({ ci: 10_000, local: 2_000 }));
const ORIGIN = 'http://gateway.test';

suite('fuzz: arbitrary and mutated requests to every operation, in-process', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeAll(() => void process.on('unhandledRejection', onUnhandled));
  afterAll(() => void process.off('unhandledRejection', onUnhandled));

  it(`survives ${RUNS} requests: no crash, no unasked 5xx, every failure in the spec 7 envelope`, async () => {
    const seed = fuzzSeed('in-process');
    const clock = virtualClock();
    const bugs: unknown[] = [];
    const gateway = createGateway({ baseUrl: `${ORIGIN}/api/v1`, clock, seed: 7, onError: (e) => void bugs.push(e) });
    // Discovered, not listed: operations added later are fuzzed too.
    const routes = gateway.routes;
    expect(routes.length).toBeGreaterThan(0);
    const ctx = { routes, basePath: new URL(gateway.baseUrl).pathname, models: gateway.catalog.models.map((m) => m.id) };

    const perTarget = new Map<number, number>();
    const statuses = new Map<number, number>();
    let skipped = 0;
    const knownSkips = new Map<string, number>();
    const reached = new Map<string, number>();

    const check = async (spec: FuzzRequest): Promise<void> => {
      perTarget.set(spec.target, (perTarget.get(spec.target) ?? 0) + 1);
      const known = knownIssue(spec);
      if (known) {
        knownSkips.set(known, (knownSkips.get(known) ?? 0) + 1);
        return;
      }
      const request = toRequest(spec, ORIGIN);
      if (!request) {
        skipped++;
        return;
      }
      const journalBefore = gateway.control.requestCount();
      const faultsBefore = Object.keys(gateway.control.providerFaults()).length;
      const bugsBefore = bugs.length;
      let response: Response;
      try {
        response = await gateway.handle(request, { remoteAddress: spec.remoteAddress });
      } catch (error) {
        throw new Error(`gateway.handle rejected (${String(error)})\n${describe(spec)}`);
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // Which operation the core routed it to (the journal's last entry; control calls are not journalled).
      const journalled =
        gateway.control.requestCount() > journalBefore ? gateway.control.queryRequests({ limit: 1, order: 'desc' }).data[0]?.operation : undefined;
      if (journalled && journalled !== 'unknown') reached.set(journalled, (reached.get(journalled) ?? 0) + 1);
      const read = await readAll(response, clock);
      const problems: string[] = [];
      // Provider faults set through the control API are "asked for" too.
      const asked = askedForFailure(spec) || faultsBefore > 0 || Object.keys(gateway.control.providerFaults()).length > 0;
      if (response.status >= 500 && !asked) problems.push(`unasked ${response.status}`);
      if (bugs.length > bugsBefore) problems.push(`reportError called: ${String(bugs[bugs.length - 1])}`);
      if (read.hung) problems.push('body never finished');
      if (read.streamError !== undefined && !asked) problems.push(`body stream failed: ${String(read.streamError)}`);
      problems.push(...envelopeProblems(response.status, read.bytes, spec.method, spec.pathAndQuery));
      // A CORS preflight (OPTIONS) is answered before routing and does nothing: not a control call.
      const preflight = spec.method.toUpperCase() === 'OPTIONS';
      if (spec.pathAndQuery.startsWith('/__gatewaykit/') && !preflight && !isLoopback(spec.remoteAddress) && response.status < 400) {
        problems.push(`control API answered ${response.status} to non-loopback ${spec.remoteAddress}`);
      }
      if (problems.length) throw new Error(`${problems.join('; ')}\n${describe(spec)}`);
    };

    await fc.assert(fc.asyncProperty(fuzzRequestArb(ctx), check), { numRuns: RUNS, seed, endOnFailure: false });

    // Every discovered operation got its share (the arbitrary picks routes uniformly): a tenth of
    // the mean, a bound a uniform draw misses in about one seed of a thousand.
    for (let i = 0; i < routes.length; i++) {
      expect(perTarget.get(i) ?? 0, `requests aimed at ${routes[i]?.method} ${routes[i]?.path}`).toBeGreaterThan(RUNS / (routes.length * 10));
    }
    // ... and every API operation was actually reached (routed to its handler), not just aimed at.
    for (const route of routes.filter((r) => !r.control)) {
      expect(reached.get(route.operation) ?? 0, `requests that reached ${route.operation}`).toBeGreaterThan(RUNS / (routes.length * 20));
    }
    expect(skipped, 'requests Fetch itself refused').toBeLessThan(RUNS / 20);
    expect(unhandled).toEqual([]);
    if (knownSkips.size) console.log(`[fuzz] in-process: NOT SENT (known issues): ${JSON.stringify(Object.fromEntries(knownSkips))}`);
    console.log(`[fuzz] in-process: reached ${JSON.stringify(Object.fromEntries(reached))}`);
    console.log(
      `[fuzz] in-process: ${RUNS} runs over ${routes.length} operations, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}, skipped ${skipped}`,
    );
    // A hang bound: 10,000 requests in CI share the machine with the whole suite.
  }, 900_000);
});
