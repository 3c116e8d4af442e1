import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { onResponse } from './mutants/rewrite.ts';
import { smallestOf, stratify } from './property/stratum.ts';
import type { CheckResult } from './report.ts';
import type { CheckContext } from './check.ts';
import { ALL_CHECKS } from './registry.ts';
import { DEFAULT_MAX_REQUESTS, DEFAULT_RUNS, runConformance } from './run-conformance.ts';
import { KNOWN_SIMULATOR_GAPS } from './test-helpers/known-simulator-gaps.ts';

/** A proxy's own crash page for malformed JSON (what the Portkey gateway answers): 500, no envelope. */
const malformedJsonCrash = (fetch: typeof globalThis.fetch) =>
  onResponse(fetch, (response, request) => {
    if (typeof request.body === 'string' && request.url.pathname.endsWith('/responses')) {
      response.status = 500;
      response.text = '{"status":"failure","message":"Something went wrong"}';
    }
  });

/**
 * The smallest budget that probes every rule of a run against a live gateway (every check that
 * needs neither the simulator's controls nor videos), as the docs state it; the default is above it.
 * It is the preflight's one paid request plus what every check owes (`Check.owes`).
 */
const STATED_MINIMUM_BUDGET = 243;

/** The checks of the chat, Messages, embeddings and account surfaces. */
const NEW_SURFACES = /^(chat|messages|embeddings|account)\./;

/** The simulator run as a live gateway (no controls used, no videos), recording each request body sent to `path`. */
function liveSimulator(path?: string) {
  const gateway = createGateway({ clock: virtualClock() });
  const bodies: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (path && request.method === 'POST' && new URL(request.url).pathname.endsWith(path)) bodies.push(await request.clone().json());
    return gateway.fetch(request);
  };
  return { options: { baseUrl: gateway.baseUrl, apiKey: 'sk-gw-test', managementKey: 'sk-gw-management', fetch, simulator: false }, bodies };
}

/** Skipped for what a live run without videos never has: the simulator's controls, or `--include-videos`. */
const needsSimulator = (c: CheckResult) => c.status === 'skipped' && /simulator|include-videos/.test(c.reason ?? '');

/** The rules only checks skipped for the simulator's controls or videos judge (a rule another check probed is not among them). */
const simulatorOnlyRules = (checks: readonly CheckResult[]) => {
  const probed = new Set(checks.filter((c) => !needsSimulator(c)).flatMap((c) => c.probed?.rules ?? []));
  return [...new Set(checks.filter(needsSimulator).flatMap((c) => c.rules))].filter((r) => !probed.has(r)).sort();
};

describe('coverage by construction', () => {
  it('a stratum is sent at its smallest value: the boundary', () => {
    expect(smallestOf(fc.integer({ min: 257, max: 456 }), 1)).toBe(257);
    expect(smallestOf(fc.integer({ min: -60, max: 0 }), 2)).toBe(0);
    const { examples } = stratify<string | number>(
      [
        { label: 'a', arbitrary: fc.constant('x') },
        { label: 'b', arbitrary: fc.integer({ min: 17, max: 40 }) },
      ],
      3,
    );
    expect(examples).toEqual([
      { stratum: 0, value: 'x' },
      { stratum: 1, value: 17 },
    ]);
  });

  it('errors.envelope fails at every seed against a malformed-JSON crash, under the default live budget and one run', { timeout: 60_000 }, async () => {
    const statuses: string[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const gateway = createGateway({ clock: virtualClock() });
      const report = await runConformance({
        baseUrl: gateway.baseUrl,
        apiKey: 'sk-gw-test',
        fetch: malformedJsonCrash(gateway.fetch),
        simulator: false,
        only: ['errors.envelope'],
        seed,
        runs: 1,
        maxRequests: DEFAULT_MAX_REQUESTS,
      });
      statuses.push(`${seed}: ${report.checks[0]!.status}`);
    }
    expect(statuses).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => `${seed}: failed`));
  });

  it('under a budget too small for every kind, the check is no pass: it names the kinds and rules it could not probe', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      simulator: false,
      only: ['validation.plugin-bounds'],
      seed: 1,
      maxRequests: 5,
      preflight: false,
    });
    const [check] = report.checks;
    expect(check).toMatchObject({ status: 'skipped' });
    expect(check!.reason).toMatch(/^probed 5 of \d+ kinds of input \(it needs at least \d+ requests\); not probed: /);
    expect(check!.unprobed!.length).toBeGreaterThan(0);
    expect(report.summary.unprobedRules).toEqual(expect.arrayContaining([...check!.unprobed!]));
    expect(report.summary.budget.used).toBe(5);
  });

  it('a pass states its strength: the answers judged and the rules probed; a failure names the rule it breaks', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const report = await runConformance({
      baseUrl: gateway.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: gateway.fetch,
      only: ['validation.plugin-bounds'],
      seed: 1,
      runs: 3,
    });
    expect(report.checks[0]).toMatchObject({
      status: 'passed',
      probed: { rules: expect.arrayContaining(['limits.cost-quality-tradeoff', 'limits.fusion-tools']) },
    });
    expect(report.checks[0]!.probed!.examples).toBeGreaterThanOrEqual(14);
    expect(report.summary.statement).toMatch(/^conforms on all 6 rules probed/);
  });

  it('at the stated minimum budget every rule is probed, at seeds 1 to 5: each check of the new surfaces passes, having sent every kind it owes', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const report = await runConformance({ ...liveSimulator().options, seed, maxRequests: STATED_MINIMUM_BUDGET });
      // What is left unprobed is only what needs the simulator's controls or videos.
      expect(report.summary.unprobedRules, `seed ${seed}`).toEqual(simulatorOnlyRules(report.checks));
      for (const check of report.checks.filter((c) => NEW_SURFACES.test(c.id) && !needsSimulator(c))) {
        expect(check.status, `seed ${seed} ${check.id}: ${check.reason ?? ''}`).toBe(check.id in KNOWN_SIMULATOR_GAPS ? 'failed' : 'passed');
        if (!(check.id in KNOWN_SIMULATOR_GAPS)) expect(check.probed?.rules, `seed ${seed} ${check.id}`).toEqual(expect.arrayContaining([...check.rules]));
      }
    }
  }, 240_000);

  it('every budget from the minimum to 12 above it probes every rule, at seeds 1 to 3: a larger budget never probes fewer, and no check passes with a rule unprobed', async () => {
    const misses: string[] = [];
    for (const seed of [1, 2, 3]) {
      for (let maxRequests = STATED_MINIMUM_BUDGET; maxRequests <= STATED_MINIMUM_BUDGET + 12; maxRequests++) {
        const report = await runConformance({ ...liveSimulator().options, seed, maxRequests });
        const simulatorOnly = simulatorOnlyRules(report.checks);
        if (JSON.stringify(report.summary.unprobedRules) !== JSON.stringify(simulatorOnly))
          misses.push(`seed ${seed} budget ${maxRequests}: unprobed ${report.summary.unprobedRules.filter((r) => !simulatorOnly.includes(r)).join(', ')}`);
        for (const check of report.checks.filter((c) => !needsSimulator(c))) {
          if (check.id in KNOWN_SIMULATOR_GAPS && check.status === 'failed') continue;
          if (check.status !== 'passed') misses.push(`seed ${seed} budget ${maxRequests}: ${check.id} ${check.status}: ${check.reason ?? ''}`);
          else if (!check.rules.every((r) => check.probed?.rules.includes(r)))
            misses.push(
              `seed ${seed} budget ${maxRequests}: ${check.id} passed with ${check.rules.filter((r) => !check.probed?.rules.includes(r)).join(', ')} unprobed`,
            );
        }
        // The budget is used: what the checks may spend, they spend.
        if (report.summary.budget.used !== maxRequests) misses.push(`seed ${seed} budget ${maxRequests}: used ${report.summary.budget.used}`);
      }
    }
    expect(misses).toEqual([]);
  }, 480_000);

  it('the chat check refuses a content part cache_control.type other than ephemeral: a stratum of its own, sent at every seed', async () => {
    for (const seed of [1, 2, 3]) {
      const { options, bodies } = liveSimulator('/chat/completions');
      const report = await runConformance({ ...options, only: ['chat.validation'], seed, runs: 1, preflight: false });
      expect(report.checks[0], `seed ${seed}`).toMatchObject({ status: 'passed' });
      const parts = bodies.flatMap((b) =>
        ((b as { messages?: { content?: unknown }[] }).messages ?? []).flatMap((m) => (Array.isArray(m.content) ? m.content : [])),
      );
      expect(
        parts.some((p) => (p as { cache_control?: { type?: unknown } }).cache_control?.type !== 'ephemeral'),
        `seed ${seed}`,
      ).toBe(true);
    }
  });

  it("the stated minimum is the preflight's one paid request plus what every check that can run owes (a shared sample set once)", async () => {
    const report = await runConformance({ ...liveSimulator().options, seed: 1, maxRequests: 0 });
    const ctx = {
      model: report.target.model,
      reasoningModel: report.target.reasoningModel,
      videoModel: undefined,
      includeVideos: false,
      simulator: undefined,
      seed: 1,
      runs: DEFAULT_RUNS,
    } as unknown as CheckContext;
    const runnable = ALL_CHECKS.filter((c) => !c.free && !(c.requires ?? []).length);
    const shared = new Map<string, number>();
    let own = 0;
    for (const check of runnable) {
      const owed = check.owes?.(ctx) ?? { own: 1 };
      own += owed.own;
      for (const [key, size] of Object.entries(owed.shared ?? {})) shared.set(key, size);
    }
    expect(1 + own + [...shared.values()].reduce((a, b) => a + b, 0)).toBe(STATED_MINIMUM_BUDGET);
  }, 60_000);

  it('one request below it, the run names the rules it left unprobed and passes none of those checks', async () => {
    const report = await runConformance({ ...liveSimulator().options, seed: 1, maxRequests: STATED_MINIMUM_BUDGET - 1 });
    const cut = report.checks.filter((c) => c.status === 'skipped' && !needsSimulator(c));
    expect(cut.length).toBeGreaterThan(0);
    // A rule another check probed (the kit's rules are shared by many checks) is not left unprobed.
    const probed = new Set(report.checks.flatMap((c) => c.probed?.rules ?? []));
    for (const check of cut)
      expect(report.summary.unprobedRules).toEqual(expect.arrayContaining([...(check.unprobed ?? check.rules)].filter((r) => !probed.has(r))));
  }, 60_000);

  it('the embeddings checks send each kind of input first at every seed: a string, an array of one, an array of several', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const id of ['embeddings.shape', 'embeddings.unit-length', 'embeddings.dimensions', 'embeddings.base64']) {
        const { options, bodies } = liveSimulator('/embeddings');
        const report = await runConformance({ ...options, only: [id], seed, runs: 1, preflight: false });
        expect(report.checks[0], `${id} seed ${seed}`).toMatchObject({ status: 'passed', probed: { examples: 3 } });
        const kinds = bodies.map((b) => {
          const input = (b as { input: unknown }).input;
          return typeof input === 'string' ? 'string' : (input as unknown[]).length === 1 ? 'one' : 'several';
        });
        expect(kinds, `${id} seed ${seed}`).toEqual(['string', 'one', 'several']);
      }
    }
  });

  it('chat.response-format sends every schema and json_object first at every seed', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { options, bodies } = liveSimulator('/chat/completions');
      const report = await runConformance({ ...options, only: ['chat.response-format'], seed, runs: 1, preflight: false });
      expect(report.checks[0], `seed ${seed}`).toMatchObject({ status: 'passed', probed: { examples: 6 } });
      const formats = bodies.map((b) => {
        const f = (b as { response_format: { type: string; json_schema?: { name: string; strict: boolean } } }).response_format;
        return f.json_schema ? `${f.json_schema.name}${f.json_schema.strict ? '' : ' (not strict)'}` : f.type;
      });
      // Each schema strict and json_object first (the reference rule), then one schema not strict (the inferred one).
      expect(formats.slice(0, 5), `seed ${seed}`).toEqual(['person', 'tags', 'ticket', 'route', 'json_object']);
      expect(formats[5], `seed ${seed}`).toMatch(/ \(not strict\)$/);
    }
  });

  it('under a budget too small for every kind, a check of the new surfaces is no pass and says what it did not probe', async () => {
    const property = await runConformance({ ...liveSimulator().options, only: ['embeddings.shape'], seed: 1, maxRequests: 2, preflight: false });
    expect(property.checks[0]).toMatchObject({
      status: 'skipped',
      reason: expect.stringMatching(/^probed 2 of 3 kinds of input .*not probed: an array of 2 to 4 strings/),
    });
    expect(property.summary.unprobedRules).toEqual(['embeddings.shape-count']);
    const samples = await runConformance({ ...liveSimulator().options, only: ['chat.result-shape'], seed: 1, maxRequests: 2, preflight: false });
    expect(samples.checks[0]).toMatchObject({
      status: 'skipped',
      reason: expect.stringMatching(/^judged 2 of 3 sample answers; not sent for lack of budget: tool_calls/),
    });
    expect(samples.summary.unprobedRules).toEqual(['chat.choice-index', 'chat.result-schema']);
  });
});
