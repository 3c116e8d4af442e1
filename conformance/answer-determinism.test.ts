import { describe, expect, it } from 'vitest';
import { KNOWN_SIMULATOR_GAPS } from './test-helpers/known-simulator-gaps.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { CHECK_HEADER, type FetchLike } from './client/gateway-client.ts';
import type { ConformanceReport } from './report.ts';
import { runConformance } from './run-conformance.ts';

/** Everything a run reports but its timing. */
const verdicts = (report: ConformanceReport) => report.checks.map(({ durationMs: _, ...rest }) => rest);

/** A small delay of its own for each check, and a random one for each request (so a check's requests arrive out of order too). */
function delays(): (check: string) => number {
  let state = 12345;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return (check) => {
    let hash = 0;
    for (let i = 0; i < check.length; i++) hash = (hash * 31 + check.charCodeAt(i)) >>> 0;
    return (hash % 3) + Math.floor(random() * 3);
  };
}

/**
 * A whole run of the suite against a fresh simulator, keeping every answer's status, generation
 * id and bytes per sending check, in the order the check sent them.
 */
async function run(parallelChecks: number, delayed: boolean) {
  const gateway = createGateway({ clock: virtualClock(), seed: 7 });
  const answers = new Map<string, string[]>();
  const delayOf = delays();
  // How many checks had a request in flight at once, at most.
  const inFlight = new Map<string, number>();
  let most = 0;
  const fetch: FetchLike = async (input, init) => {
    const check = new Headers(init?.headers).get(CHECK_HEADER) ?? '';
    const own = answers.get(check) ?? [];
    answers.set(check, own);
    const at = own.push('');
    inFlight.set(check, (inFlight.get(check) ?? 0) + 1);
    most = Math.max(most, inFlight.size);
    if (delayed) await new Promise((resolve) => setTimeout(resolve, delayOf(check)));
    const response = await gateway.fetch(input, init);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const left = inFlight.get(check)! - 1;
    if (left === 0) inFlight.delete(check);
    else inFlight.set(check, left);
    own[at - 1] = `${response.status} ${response.headers.get('x-generation-id')} ${new TextDecoder().decode(bytes)}`;
    return new Response(response.status === 204 || response.status === 304 ? null : bytes, { status: response.status, headers: response.headers });
  };
  const report = await runConformance({ baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', fetch, seed: 5, runs: 4, parallelChecks });
  return { report, answers, most };
}

describe('a run replays from its seed whatever runs beside what', () => {
  it('one check at a time, and six side by side with every request slowed by a delay of its own (arriving out of order): the same verdicts and, per check, the same answers byte for byte', async () => {
    const alone = await run(1, false);
    const beside = await run(6, true);
    expect(alone.report.checks.filter((c) => c.status === 'failed' && !(c.id in KNOWN_SIMULATOR_GAPS)).map((c) => c.id)).toEqual([]);
    expect(verdicts(beside.report)).toEqual(verdicts(alone.report));
    expect([...beside.answers.keys()].sort()).toEqual([...alone.answers.keys()].sort());
    for (const [check, own] of alone.answers) expect(beside.answers.get(check), check).toEqual(own);
    expect(alone.answers.size).toBeGreaterThan(50);
    // The checks did send side by side in the second run, and only one at a time in the first.
    expect(alone.most).toBe(1);
    expect(beside.most).toBeGreaterThan(2);
  }, 240_000);
});
