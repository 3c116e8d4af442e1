import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import { startServer } from '../../src/adapter/node/create-server.ts';
import { conform } from '../../src/cli/conform.ts';
import type { FetchLike } from '../../conformance/client/gateway-client.ts';
import type { ConformanceReport } from '../../conformance/report.ts';
import { runConformance } from '../../conformance/run-conformance.ts';
import { isPaidProbe } from '../../conformance/client/probe.ts';
import { startAimock, type AimockTarget } from '../../conformance/test-helpers/aimock-target.ts';
import { AIMOCK_EXPECTED, PORTKEY_EXPECTED, PRISM_EXPECTED, type ExpectedVerdicts } from '../../conformance/test-helpers/expected-verdicts.ts';
import { AIMOCK_OPTIONS, PORTKEY_OPTIONS, PRISM_OPTIONS } from '../../conformance/test-helpers/external-run-options.ts';
import { startPortkey } from '../../conformance/test-helpers/portkey-target.ts';
import { referenceOpenApiPath, startPrism } from '../../conformance/test-helpers/prism-target.ts';

/** Every verdict as expected; a change names the check, the expected verdict with its reason, and what came. */
function verdictChanges(report: ConformanceReport, expected: ExpectedVerdicts): string[] {
  const got = new Map(report.checks.map((c) => [c.id, c]));
  const changes = Object.entries(expected)
    .filter(([id, [status]]) => got.get(id)?.status !== status)
    .map(([id, [status, why]]) => `${id}: expected ${status} (${why}), got ${got.get(id)?.status ?? 'no verdict'}: ${got.get(id)?.reason ?? ''}`);
  // A new check's line carries its verdict as a table entry, ready to be read and committed.
  for (const [id, check] of got)
    if (!(id in expected)) changes.push(`${id}: a new check; add its expected verdict: '${id}': ['${check.status}', ${JSON.stringify(check.reason ?? '')}],`);
  return changes;
}

const PAID = /^POST \/v1\/(responses|videos|audio\/transcriptions|audio\/speech|chat\/completions|messages|embeddings|images|rerank)\/?$/;

describe('external target: @copilotkit/aimock (catch-all fixture, on loopback)', () => {
  let aimock: AimockTarget;
  beforeAll(async () => {
    // aimock logs its multipart fallback on the console; keep the test output readable.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    aimock = await startAimock();
  });
  afterAll(async () => {
    await aimock.stop();
    vi.restoreAllMocks();
  });

  it('gets the committed verdict table', async () => {
    const report = await runConformance({ baseUrl: aimock.baseUrl, ...AIMOCK_OPTIONS });
    expect(report.preflight.ok).toBe(true);
    expect(verdictChanges(report, AIMOCK_EXPECTED)).toEqual([]);
    // Every paid request aimock got was counted (it journals only the routes it serves: no /rerank, no /audio/speech).
    expect(aimock.requests().filter((r) => PAID.test(`${r.method} ${r.path}`)).length).toBeLessThanOrEqual(report.summary.budget.used);
  });

  it('--max-requests 0 sends nothing to a paid operation, and nothing to /videos', async () => {
    const before = aimock.requests().length;
    const sent: string[] = [];
    const recording: FetchLike = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return fetch(input, init);
    };
    const out: string[] = [];
    const code = await conform(
      ['--base-url', aimock.baseUrl, '--max-requests', '0', '--seed', '1', '--runs', '3'],
      { out: (l) => void out.push(l), err: (l) => void out.push(l) },
      { fetch: recording },
      { GATEWAY_API_KEY: 'sk-aimock' },
    );
    expect(code).toBe(1);
    const received = aimock.requests().slice(before);
    expect(received.filter((r) => PAID.test(`${r.method} ${r.path}`))).toEqual([]);
    expect(sent.filter((s) => PAID.test(s) || s.includes('/videos'))).toEqual([]);
    // What went out: simulator detection, the models list, the free GETs of the dataset checks, and
    // the kit's requests to free operations (listings, lookups, the refusals of the management plane).
    expect([...new Set(sent)]).toEqual(
      expect.arrayContaining(['GET /__gatewaykit/clock', 'GET /v1/datasets/rankings-daily', 'GET /v1/models', 'GET /v1/providers']),
    );
    expect(sent.filter((s) => isPaidProbe({ method: s.split(' ')[0] as 'POST', path: s.split(' ')[1]!.replace(/^\/v1/, '') }))).toEqual([]);
    expect(out.join('\n')).toMatch(/0\/0 to paid operations/);
  });
});

describe('external target: the Portkey gateway proxying to the simulator (child process, on loopback)', () => {
  it('runs on Node 20 and gets the committed verdict table', { timeout: 120_000 }, async () => {
    const simulator = await startServer({ port: 0, clock: virtualClock() });
    const portkey = await startPortkey(simulator.baseUrl);
    try {
      const report = await runConformance({ baseUrl: portkey.baseUrl, headers: portkey.headers, ...PORTKEY_OPTIONS });
      expect(report.preflight.ok, report.preflight.cause).toBe(true);
      expect(verdictChanges(report, PORTKEY_EXPECTED)).toEqual([]);
    } finally {
      await portkey.stop();
      await simulator.close();
    }
  });
});

const reference = referenceOpenApiPath();
if (!reference) {
  // Said once, in the test output: the third target needs the reference description beside the repository.
  console.warn(
    'external target Prism skipped: the reference OpenAPI description is not at ../shared/reference/openrouter-openapi.yaml (set GATEWAYKIT_REFERENCE_OPENAPI to its path)',
  );
}

describe.skipIf(!reference)('external target: Prism 5.14 mocking the reference OpenAPI (child process, on loopback)', () => {
  it('gets the committed verdict table', { timeout: 240_000 }, async () => {
    const prism = await startPrism(reference!);
    try {
      const report = await runConformance({ baseUrl: prism.baseUrl, ...PRISM_OPTIONS });
      expect(report.preflight.ok, report.preflight.cause).toBe(true);
      expect(verdictChanges(report, PRISM_EXPECTED)).toEqual([]);
      // Every verdict states its strength: the summary names areas and ends in one statement.
      expect(report.summary.statement).toMatch(/^does not conform: breaks \d+ of \d+ rules probed/);
      expect(report.summary.areas.map((a) => a.area)).toEqual(
        expect.arrayContaining(['auth', 'errors', 'validation', 'result', 'streams', 'datasets', 'audio']),
      );
    } finally {
      await prism.stop();
    }
  });
});
