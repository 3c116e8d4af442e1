import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGateway } from '../../src/gateway/create-gateway.ts';
import { virtualClock } from '../../src/clock/virtual-clock.ts';
import type { Check } from '../check.ts';
import type { FetchLike } from '../client/gateway-client.ts';
import { runConformance } from '../run-conformance.ts';
import { runProperty } from './run-property.ts';

/** A free GET per run; the rule breaks for numbers of 3 digits or more, so shrinking lands on 100. */
const property: Check = {
  id: 'test.send-ahead',
  spec: 'test',
  rules: [],
  title: 'a property whose runs are sent ahead',
  free: true,
  run: (ctx) =>
    runProperty(ctx, {
      arbitrary: fc.nat({ max: 1000 }),
      probe: (n) => ({ method: 'GET', path: `/models?n=${n}` }),
      oracle: (_exchange, n) => (n >= 100 ? [`${n} has three digits`] : []),
    }),
};

let order: string[] = [];
const journal: Check = {
  id: 'test.journal',
  spec: 'test',
  rules: [],
  title: 'reads the journal',
  free: true,
  exclusive: true,
  run: async (ctx) => {
    order = ctx.exchanges().map((s) => `${s.checkId} ${s.exchange.probe.path}`);
    return { status: 'passed' };
  },
};

async function run(concurrency: number) {
  const gateway = createGateway({ clock: virtualClock() });
  const sent: string[] = [];
  // Answers come back out of order: a later run's answer can arrive before an earlier one's.
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    if (url.pathname.endsWith('/models')) sent.push(url.search);
    await new Promise((resolve) => setTimeout(resolve, (url.search.length * 7) % 5));
    return gateway.fetch(input, init);
  };
  const report = await runConformance({
    baseUrl: gateway.baseUrl,
    apiKey: 'sk-gw-test',
    fetch,
    seed: 3,
    runs: 25,
    concurrency,
    preflight: false,
    model: 'm',
    checks: [property, journal],
  });
  const { durationMs: _, ...result } = report.checks[0]!;
  return { result, sent, order: [...order] };
}

describe('a property with its runs sent ahead (concurrency)', () => {
  it('fails, shrinks and replays exactly as one at a time; sends at most concurrency-1 past the failing run; journals in send order', async () => {
    const one = await run(1);
    const four = await run(4);
    expect(one.result.status).toBe('failed');
    // Only the generation id the simulator minted for the shrunk answer moves (three requests more came before it).
    const idless = (r: typeof one.result) => ({ ...r, observed: { ...r.observed, headers: { ...r.observed?.headers, 'x-generation-id': '' } } });
    expect(idless(four.result)).toEqual(idless({ ...one.result, requests: four.result.requests }));
    // The same requests in the same order, plus the three sent past the failing run (before the shrinks).
    const past = one.sent.findIndex((search, i) => search !== four.sent[i]);
    expect(four.sent).toHaveLength(one.sent.length + 3);
    expect([...four.sent.slice(0, past), ...four.sent.slice(past + 3)]).toEqual(one.sent);
    // Sent before the check's own: GET /videos/models (no preflight, so the run lists video models).
    const before = one.sent.length - one.result.requests;
    expect(four.order.slice(before)).toEqual(four.sent.slice(before).map((search) => `test.send-ahead /models${search}`));
    // The same seed, the same requests: deterministic.
    expect((await run(4)).sent).toEqual(four.sent);
  });
});
