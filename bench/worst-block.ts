/**
 * The worst event-loop block of each request family (issue 15 "bounded work per request"), and
 * the 100k-job state-file figures. Each family sends its largest hostile-but-valid request to an
 * in-process gateway a few times while `monitorEventLoopDelay` samples the loop every 2 ms; the
 * row reports the longest stall seen, the input size, and ms per MB of input. Families over about
 * 100 ms per MB (and single requests over 100 ms) are the ones to fix.
 *
 *   npx tsx bench/worst-block.ts            # writes bench/WORST-BLOCK.md
 *
 * The machine may be shared: the figures are upper bounds of what the code costs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openStateLog } from '../src/adapter/node/state-log.ts';
import { stateFileOptions } from '../src/adapter/node/state-file.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway, type Gateway } from '../src/gateway/create-gateway.ts';
import { loadAverage, machineInfo } from './machine.ts';

const machineLine = () => {
  const m = machineInfo();
  return `${m.cpu}, ${m.cores} cores, ${m.memory}, Node ${m.node}, ${m.date}; load average at the end ${loadAverage()}.`;
};

const KEY = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const RUNS = 3;

interface Row {
  family: string;
  input: string;
  bytes: number;
  status: number;
  worstMs: number;
}

async function measure(gateway: Gateway, family: string, input: string, path: string, init: RequestInit): Promise<Row> {
  const bytes = typeof init.body === 'string' ? Buffer.byteLength(init.body) : 0;
  let worstMs = 0;
  let status = 0;
  for (let i = 0; i < RUNS; i++) {
    const h = monitorEventLoopDelay({ resolution: 2 });
    h.enable();
    // Let the sampler arm first: a block before its first tick would not be seen.
    await new Promise((r) => setTimeout(r, 10));
    const res = await gateway.fetch(path, init);
    await res.arrayBuffer();
    // One more turn so a block at the very end is sampled.
    await new Promise((r) => setTimeout(r, 5));
    h.disable();
    status = res.status;
    worstMs = Math.max(worstMs, h.max / 1e6);
  }
  return { family, input, bytes, status, worstMs };
}

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: KEY, body: JSON.stringify(body) });
const tool = (name: string, parameters: unknown) => ({ type: 'function', name, description: 'd', parameters });

/** One family of hostile requests: what it is, what it holds, where it goes, and its request (made when measured). */
interface Case {
  family: string;
  input: string;
  path: string;
  init: () => RequestInit;
}

const M = 'openai/gpt-4o-mini';

/** A Responses request that forces one function tool with this parameters schema. */
const forcedTool = (parameters: Record<string, unknown>) =>
  post({ model: M, input: 'go', tools: [tool('f', parameters)], tool_choice: { type: 'function', name: 'f' } });

const CASES: readonly Case[] = [
  {
    family: 'responses: plain input',
    input: '9 MB of words',
    path: '/responses',
    init: () => post({ model: 'google/gemini-2.5-flash', input: 'word '.repeat(1_800_000) }),
  },
  {
    family: 'responses: no whitespace',
    input: '6 MB one token run (F10)',
    path: '/responses',
    init: () => post({ model: 'google/gemini-2.5-flash', input: 'x'.repeat(6_000_000) }),
  },
  {
    family: 'responses: enum',
    input: '100k-value enum, forced tool',
    path: '/responses',
    init: () => forcedTool({ type: 'object', properties: { e: { enum: Array.from({ length: 100_000 }, (_, i) => `v${i}`) } }, required: ['e'] }),
  },
  {
    family: 'responses: tools',
    input: '5,000 tools, tool_choice required',
    path: '/responses',
    init: () =>
      post({
        model: M,
        input: 'use tool_4999',
        tools: Array.from({ length: 5000 }, (_, i) => tool(`tool_${i}`, { type: 'object', properties: { a: { type: 'string' } } })),
        tool_choice: 'required',
      }),
  },
  {
    family: 'responses: provider.ignore',
    input: '100k entries',
    path: '/responses',
    init: () => post({ model: M, input: 'hi', provider: { ignore: Array.from({ length: 100_000 }, (_, i) => `prov-${i}`) } }),
  },
  {
    family: 'responses: allowed_models globs',
    input: '10k globs of 20 stars (F2)',
    path: '/responses',
    init: () => post({ input: 'hi', plugins: [{ id: 'auto-router', allowed_models: Array.from({ length: 10_000 }, (_, i) => `${'*a'.repeat(20)}${i}`) }] }),
  },
  {
    family: 'responses: schema budget',
    input: 'minItems 1e9 (F1)',
    path: '/responses',
    init: () => forcedTool({ type: 'object', properties: { a: { type: 'array', minItems: 1e9 } }, required: ['a'] }),
  },
  {
    family: 'responses: schema budget',
    input: 'recursive anyOf, 8 branches',
    path: '/responses',
    init: () =>
      forcedTool({
        $defs: { x: { anyOf: Array.from({ length: 8 }, () => ({ type: 'array', minItems: 2, items: { $ref: '#/$defs/x' } })) } },
        type: 'object',
        properties: { x: { $ref: '#/$defs/x' } },
        required: ['x'],
      }),
  },
  {
    family: 'responses: schema at budget',
    input: 'array of 3,000 patterned objects',
    path: '/responses',
    init: () =>
      forcedTool({
        type: 'object',
        properties: {
          a: {
            type: 'array',
            minItems: 3000,
            items: { type: 'object', properties: { k: { type: 'string', pattern: '^[a-z]{5}\\d{3}$' }, n: { type: 'integer' } }, required: ['k', 'n'] },
          },
        },
        required: ['a'],
      }),
  },
  {
    family: 'responses: stream',
    input: '1 MB input, stream',
    path: '/responses',
    init: () => post({ model: M, input: 'word '.repeat(200_000), stream: true }),
  },
  { family: 'videos: submit', input: '30k-char prompt', path: '/videos', init: () => post({ model: 'google/veo-3.1', prompt: 'p'.repeat(30_000) }) },
  {
    family: 'audio: JSON',
    input: '9 MB base64 (rejected by model limit or probe)',
    path: '/audio/transcriptions',
    init: () => post({ model: 'openai/whisper-large-v3', input_audio: { data: 'A'.repeat(9_000_000), format: 'wav' } }),
  },
  { family: 'models: list', input: 'catalogue', path: '/models', init: () => ({ headers: KEY }) },
];

async function families(): Promise<Row[]> {
  const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock: virtualClock() });
  // Warm up (tokenizer load, JIT) so the first row does not carry start-up.
  await (await gateway.fetch('/responses', post({ model: M, input: 'warm up' }))).text();
  const rows: Row[] = [];
  for (const c of CASES) rows.push(await measure(gateway, c.family, c.input, c.path, c.init()));
  // Fill the journal with 1,000 large bodies, then read it.
  for (let i = 0; i < 1000; i++) await (await gateway.fetch('/responses', post({ model: M, input: 42, metadata: { pad: 'x'.repeat(60_000) } }))).text();
  rows.push(await measure(gateway, 'control: journal', '1,000 entries of 64 KB, limit=1000', '/__gatewaykit/requests?limit=1000', {}));
  return rows;
}

async function stateFigures(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-bench-state-'));
  const file = join(dir, 'state.log');
  const out: string[] = [];
  try {
    const clock = virtualClock();
    const state = await stateFileOptions(file, clock);
    const gateway = createGateway({ baseUrl: 'http://gw.test/api/v1', clock, videoJobs: state.videoJobs });
    const body = JSON.stringify({ model: 'google/veo-3.1', prompt: 'a lighthouse at dawn' });
    const sample = async (label: string) => {
      const times: number[] = [];
      let worst = 0;
      for (let i = 0; i < 200; i++) {
        const h = monitorEventLoopDelay({ resolution: 2 });
        h.enable();
        await new Promise((r) => setTimeout(r, 3));
        const t = performance.now();
        const res = await gateway.fetch('/videos', { method: 'POST', headers: KEY, body });
        times.push(performance.now() - t);
        await res.text();
        h.disable();
        worst = Math.max(worst, h.max / 1e6);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
      const ids = gateway.videos
        .list()
        .slice(-200)
        .map((j) => j.id);
      const poll = performance.now();
      for (const id of ids) await (await gateway.fetch(`/videos/${id}`, { headers: KEY })).text();
      const pollMs = ((performance.now() - poll) / ids.length).toFixed(3);
      out.push(`| ${label} | ${p(0.5)} | ${p(0.99)} | ${worst.toFixed(1)} | ${pollMs} |`);
    };
    await sample('0 jobs');
    // Bulk-load to 50k and 100k through the same path (each one written and fsynced; batched).
    let stored = 200;
    const fill = async (to: number) => {
      while (stored < to) {
        const batch = Math.min(500, to - stored);
        stored += batch;
        await Promise.all(Array.from({ length: batch }, () => gateway.fetch('/videos', { method: 'POST', headers: KEY, body }).then((r) => r.text())));
      }
    };
    await fill(50_000);
    stored += 200;
    await sample('50,000 jobs');
    await fill(100_000);
    stored += 200;
    await sample('100,000 jobs');
    await state.log.close();
    const size = (await import('node:fs')).statSync(file).size;
    const t = performance.now();
    const opened = await openStateLog(file);
    const startup = performance.now() - t;
    await opened.log.close();
    out.push('');
    out.push(
      `Start-up with ${opened.restore?.jobs.length ?? 0} jobs (${(size / 1e6).toFixed(0)} MB, replayed and validated): ${(startup / 1000).toFixed(2)} s.`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

const rows = await families();
const table = [
  '| family | input | input MB | status | worst block (ms) | ms per MB |',
  '|---|---|---:|---:|---:|---:|',
  ...rows.map((r) => {
    const mb = r.bytes / (1024 * 1024);
    return `| ${r.family} | ${r.input} | ${mb.toFixed(2)} | ${r.status} | ${r.worstMs.toFixed(1)} | ${mb >= 0.5 ? (r.worstMs / mb).toFixed(0) : '-'} |`;
  }),
];
console.log(table.join('\n'));
const state = await stateFigures();
console.log(state.join('\n'));
const text = `# Worst event-loop block per request family

Measured by \`npx tsx bench/worst-block.ts\` (in-process gateway, ${RUNS} runs each, loop sampled every 2 ms). ${machineLine()}
The machine may be shared with other work while this ran: treat the figures as upper bounds.

${table.join('\n')}

## State file with 100,000 video jobs

Submit (\`POST /videos\`, written and fsynced before the 202) and poll (\`GET /videos/{id}\`) at each size:

| jobs already stored | submit p50 (ms) | submit p99 (ms) | worst loop block (ms) | poll (ms) |
|---|---:|---:|---:|---:|
${state.join('\n')}
`;
writeFileSync(new URL('./WORST-BLOCK.md', import.meta.url), text);
