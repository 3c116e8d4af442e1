import { describe, expect, it } from 'vitest';
import { goals, renderResults, ROW, sideBySide, type BenchResults, type ThroughputRow } from '../../bench/render-results.ts';

const row = (cpuUs: number, rps = 1_000_000 / cpuUs, cpuRuns = [cpuUs, cpuUs, cpuUs]): ThroughputRow => ({
  rps,
  p50: 1,
  p99: 3,
  failures: 0,
  runs: [rps, rps, rps],
  cpuUs,
  cpuRuns,
});
const stream = (bytes: number) => ({ bytes, events: 30, deltas: 20 });

const results: BenchResults = {
  machine: { cpu: 'test CPU', cores: 2, memory: '1 GiB', node: 'v20.20.2', platform: 'linux x64', date: '2026-11-26T00:00:00.000Z' },
  quick: false,
  rounds: 3,
  seconds: 3,
  connections: 10,
  loadBefore: '0.10 / 0.10 / 0.10',
  defaults: {
    input: 'Write one sentence about the sea.',
    model: 'openai/gpt-4o-mini',
    reasoningModel: 'openai/gpt-5-mini',
    textChars: 200,
    json: 1188,
    peerJson: 539,
    reasoningJson: 1699,
    sse: stream(7705),
    peerSse: stream(5374),
    reasoningSse: stream(16072),
    chat: { textChars: 231, json: 893, peerJson: 526, sse: stream(5532), peerSse: stream(4900) },
    messages: { model: 'anthropic/claude-sonnet-4.5', maxTokens: 1024, textChars: 266, json: 1100, peerJson: 480, sse: stream(4892), peerSse: stream(3924) },
  },
  throughput: {
    [ROW.npmJson]: row(100),
    [ROW.json]: row(98),
    [ROW.peerJson]: row(165), // 1.65x: met (JSON: 1.6x)
    [ROW.npmSse]: row(200, undefined, [185, 200, 215]),
    [ROW.sse]: row(180, undefined, [170, 180, 190]), // +11%, rounds overlap with npm start's
    [ROW.peerSse]: row(170), // 0.85x: missed
    [ROW.chatNpmJson]: row(140),
    [ROW.chatJson]: row(139),
    [ROW.chatPeerJson]: row(120),
    [ROW.chatNpmSse]: row(180),
    [ROW.chatSse]: row(181),
    [ROW.chatPeerSse]: row(210),
    [ROW.messagesNpmJson]: row(130),
    [ROW.messagesJson]: row(110), // +18% in every round
    [ROW.messagesPeerJson]: row(140),
    [ROW.messagesNpmSse]: row(190),
    [ROW.messagesSse]: row(188),
    [ROW.messagesPeerSse]: row(330), // 1.74x: met (streams: 1.7x)
  },
  footprint: {
    bytes: 46 * 1024 * 1024,
    fileBytes: 34 * 1024 * 1024,
    packages: 62,
    largest: [{ name: 'zod', bytes: 9e6 }],
    importMs: 480,
    importRuns: [470, 480, 490],
    importCpuMs: 470,
    importParts: { msw: 220 },
  },
};

describe('bench: goals and their verdicts, computed from the run', () => {
  const all = goals(results);
  const goal = (name: string) => all.find((g) => g.goal.startsWith(name));

  it('every surface has a CPU-efficiency goal and an npm start vs compiled goal, with verdicts from the numbers', () => {
    expect(goal('Responses JSON, default request')?.met).toBe(true);
    expect(goal('Responses SSE, default request')?.met).toBe(false);
    expect(goal('Chat Completions JSON, default request')?.met).toBe(false);
    expect(goal('Messages JSON, default request')?.met).toBe(false);
    expect(goal('Messages SSE, default request')?.met).toBe(true);
    expect(goal('Messages SSE, default request')?.measured).toMatch(
      /^1\.74x, the median of the rounds' ratios \(server CPU per request, medians: 190\.0 µs vs 330\.0 µs/,
    );
    expect(goal('Messages SSE, default request')?.target).toBe('>= 1.70x (aim 2.0x)');
    expect(goal('Messages JSON, default request')?.target).toBe('>= 1.60x (aim 2.0x)');
    expect(goal('Messages JSON: `npm start` CPU per request vs the compiled package')?.met).toBe(false);
    expect(goal('Messages SSE: `npm start` CPU per request vs the compiled package')?.met).toBe(true);
    expect(goal('Responses SSE: `npm start` CPU per request vs the compiled package')?.whenMissed).toContain('The rounds overlap');
    expect(goal('Messages JSON: `npm start` CPU per request vs the compiled package')?.whenMissed).toContain('cost more in every round');
  });

  it('each missed efficiency goal says what stands in the way in its own numbers', () => {
    const missed = all.filter((g) => g.met === false && g.goal.includes('CPU efficiency'));
    expect(missed.map((g) => g.goal.split(',')[0])).toEqual(['Responses SSE', 'Chat Completions JSON', 'Chat Completions SSE', 'Messages JSON']);
    expect(new Set(missed.map((g) => g.whenMissed)).size).toBe(missed.length);
    expect(goal('Messages JSON, default request')?.whenMissed).toContain("gatewaykit writes 1100 B per answer against aimock's 480 B");
    expect(goal('Messages JSON, default request')?.whenMissed).toContain('No profile of this row in this run');
  });

  it('the footprint goals: installed size and import time', () => {
    expect(goal('Installed size')).toMatchObject({ measured: '46.0 MB on disk (34.0 MB of files), 62 packages', target: '< 60 MB', met: true });
    expect(goal("`import('gatewaykit')`")).toMatchObject({ measured: '480.0 ms (CPU 470.0 ms)', target: '< 300 ms', met: false });
    expect(goal("`import('gatewaykit')`")?.whenMissed).toContain("`import('msw')` alone 220.0 ms");
  });

  it('a goal the run did not measure says so instead of a verdict', () => {
    expect(goal('In-process')?.met).toBeUndefined();
    expect(goals({ ...results, footprint: { error: 'npm pack failed' } }).find((g) => g.goal.startsWith('Installed size'))?.measured).toBe(
      'not measured: npm pack failed',
    );
  });

  it('RESULTS.md carries the Messages rows, the footprint table and the method', () => {
    const md = renderResults(results);
    expect(md).toContain('**Messages rows**: `POST /messages` (Anthropic Messages) with `{"model":"anthropic/claude-sonnet-4.5","max_tokens":1024,');
    expect(md).toContain('| Messages JSON, default request: `npm start` / aimock, CPU efficiency | 1.08x');
    expect(md).toContain('| installed size (`du` of `node_modules`) | 46.0 MB (34.0 MB of files), 62 packages | < 60 MB | met |');
    expect(md).toContain('3 round(s): a round runs every target once for 3 s');
    expect(renderResults({ ...results, totalSeconds: 400, phases: { build: 15, throughput: 290 } })).toContain(
      '- Whole bench took 400 s (build 15 s, throughput 290 s).',
    );
  });
});

describe('bench: the side-by-side table of issue 28', () => {
  it('per surface: CPU per request for JSON and SSE and JSON req/s, npm start, compiled, aimock, bare', () => {
    const t = { ...results.throughput!, [ROW.bare]: row(25, 40_000) };
    const side = sideBySide(t);
    expect(side.map((l) => l.row)).toEqual([
      'Responses JSON, CPU per request',
      'Responses SSE, CPU per request',
      'Responses JSON req/s',
      'Chat Completions JSON, CPU per request',
      'Chat Completions SSE, CPU per request',
      'Chat Completions JSON req/s',
      'Messages JSON, CPU per request',
      'Messages SSE, CPU per request',
      'Messages JSON req/s',
    ]);
    expect(side[0]?.cells).toEqual(['100.0 µs', '98.0 µs', '165.0 µs', '25.0 µs']);
    expect(side[1]?.cells).toEqual(['200.0 µs', '180.0 µs', '170.0 µs', '']);
    expect(side[2]?.cells).toEqual(['10,000', '10,204', '6,061', '40,000']);
    expect(sideBySide({})).toEqual([]);
  });
});
