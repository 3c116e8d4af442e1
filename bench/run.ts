/**
 * `npm run bench [-- --quick]`: measure gatewaykit and write bench/RESULTS.md.
 *
 * Every server runs in its own child process (so its RSS is its own and the load generator does
 * not share its event loop); all traffic goes to 127.0.0.1. Rows are medians of several runs,
 * interleaved (gatewaykit, bare, peer, gatewaykit, ...) so drift in machine load hits all alike.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import {
  AUTH,
  chatBody,
  DEFAULT_INPUT,
  DEFAULT_MODEL,
  MESSAGES_MAX_TOKENS,
  MESSAGES_MODEL,
  messagesBody,
  PEER_MESSAGES_MODEL,
  PEER_MODEL,
  REASONING_MODEL,
  responsesBody,
} from './default-requests.ts';
import { fairness } from './fairness.ts';
import { measureInstall } from './footprint/measure-install.ts';
import { load, type LoadResult, type LoadTarget } from './load.ts';
import { machineInfo, loadAverage } from './machine.ts';
import type { InProcessResult } from './in-process.ts';
import { PROFILE_ROWS, profileInProcess, profileServerRow } from './profile-rows.ts';
import { summariseProfile, type CpuProfile } from './profile-summary.ts';
import { readSse, type SseRead } from './read-sse.ts';
import { renderResults, ROW, type BenchResults, type ConformanceRow } from './render-results.ts';
import { procCpuUs } from './proc-cpu.ts';
import { pinCpus, unpinned } from './cpu-pinning.ts';
import { roundOrder } from './round-order.ts';
import { startFromSource, type StartedServer } from './start-server.ts';
import { runChild, spawnChild, spawnServe, type BenchChild } from './spawn-child.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    out: { type: 'string' },
    // Measure src/ through tsx instead of the compiled build (slower: see load-gatewaykit.ts).
    source: { type: 'boolean' },
    'skip-profile': { type: 'boolean' },
    // Add the conformance row on the system clock (about 75 s: video jobs wait in real time).
    'system-clock': { type: 'boolean' },
    // Run only these steps (comma-separated: throughput, profiles, streams, in-process,
    // conformance, start-up, footprint, fairness); the build always runs. For checking one row quickly.
    only: { type: 'string' },
    // Pin the load generator and the servers to CPUs of their own (bench/cpu-pinning.ts): steadier
    // rounds, but not how users run either; the figures of record are unpinned (decision 0120).
    'pin-cpus': { type: 'boolean' },
  },
  strict: true,
});
const quick = values.quick === true;
// The full run fits in about 9 minutes on an idle 2-core machine: 28 targets x (2 s warm-up +
// 5 rounds x 2 s) is most of it. Five short interleaved rounds rather than three long ones: the
// machine's speed moves from one round to the next, and a median of five (and the ratios paired
// by round) holds better against that than a median of three.
const ROUNDS = quick ? 1 : 5;
const SECONDS = 2;
const WARM_UP_SECONDS = quick ? 1 : 2;
const CONNECTIONS = 10;
const STREAMS = 1_000;
const out = values.out ?? fileURLToPath(new URL('./RESULTS.md', import.meta.url));

// The scripted rows: one ~60-word reply, the size of a short chat answer, from every target.
const WORDS = 'the quick brown fox jumps over a lazy dog while seven wizards quietly box jackals'.split(' ');
const words = (n: number) => Array.from({ length: n }, (_, i) => WORDS[i % WORDS.length]).join(' ') + '.';
const TEXT = words(60);
const PROMPT = 'hello bench';
// The scripted rows' requests (the default rows' are in default-requests.ts).
const gkBody = (stream: boolean, model = 'openai/gpt-5-mini', input = PROMPT) => responsesBody(stream, model, input);
const peerBody = (stream: boolean, input = PROMPT) => responsesBody(stream, PEER_MODEL, input);

const log = (s: string) => console.log(`[bench] ${s}`);

/** The assistant text of a Chat Completions answer. */
function chatText(json: string): string {
  return (JSON.parse(json) as { choices?: Array<{ message?: { content?: string | null } }> }).choices?.[0]?.message?.content ?? '';
}

/** The text of an Anthropic Messages answer (its text blocks). */
function messageText(json: string): string {
  const content = (JSON.parse(json) as { content?: Array<{ type?: string; text?: string }> }).content ?? [];
  return content
    .filter((c) => c.type === 'text')
    .map((c) => c.text ?? '')
    .join('');
}

async function expectOk(url: string, body: string, what: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: AUTH, body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

/** The text of a Responses answer's message (the last output item's text parts). */
function answerText(json: string): string {
  const output = (JSON.parse(json) as { output?: Array<{ type?: string; content?: Array<{ text?: string }> }> }).output ?? [];
  return output
    .filter((o) => o.type === 'message')
    .flatMap((o) => o.content ?? [])
    .map((c) => c.text ?? '')
    .join('');
}

/** A server of the throughput table: its URL and the process whose CPU time /proc reports. */
interface Server {
  url: string;
  pid: number;
}

/** The gatewaykit servers of the table, and the stops of every server the step starts. */
interface Gatewaykits {
  scripted: BenchChild;
  generated: BenchChild;
  fromSource: StartedServer;
  stops: Array<() => Promise<void>>;
}

/** A server started for the step, stopped with the others when it ends. */
async function started<T extends { stop(): Promise<void> }>(stops: Array<() => Promise<void>>, server: Promise<T>): Promise<T> {
  const s = await server;
  stops.push(() => s.stop());
  return s;
}

// aimock answers the same texts with as many deltas as gatewaykit's streams carry.
const chunkSize = (text: string, deltas: number) => Math.max(1, Math.ceil(text.length / Math.max(1, deltas)));

/** The Responses answers the rows compare: gatewaykit's scripted, default and reasoning ones, and aimock's. */
async function probeResponses({ scripted, generated, fromSource, stops }: Gatewaykits) {
  const gkJson = await expectOk(`${scripted.url}/responses`, gkBody(false), 'gatewaykit json');
  if (answerText(gkJson) !== TEXT) throw new Error('gatewaykit did not answer the scripted text');
  const defaultJson = await expectOk(`${generated.url}/responses`, gkBody(false, DEFAULT_MODEL, DEFAULT_INPUT), 'gatewaykit default json');
  const sourceJson = await expectOk(`${fromSource.url}/responses`, gkBody(false, DEFAULT_MODEL, DEFAULT_INPUT), 'npm start default json');
  const defaultText = answerText(defaultJson);
  if (!defaultText || answerText(sourceJson) !== defaultText) throw new Error('npm start and the compiled package answer the default request differently');
  const scriptedSse = await readSse(`${scripted.url}/responses`, gkBody(true), AUTH);
  const defaultSse = await readSse(`${generated.url}/responses`, gkBody(true, DEFAULT_MODEL, DEFAULT_INPUT), AUTH);
  const peer = await started(stops, spawnChild('aimock-child', [TEXT, PROMPT, String(chunkSize(TEXT, scriptedSse.deltas))]));
  const peerDefault = await started(stops, spawnChild('aimock-child', [defaultText, DEFAULT_INPUT, String(chunkSize(defaultText, defaultSse.deltas))]));
  const peerJson = await expectOk(`${peer.url}/responses`, peerBody(false), 'aimock json');
  if (!peerJson.includes(TEXT)) throw new Error('aimock did not answer the fixture text');
  const peerDefaultJson = await expectOk(`${peerDefault.url}/responses`, peerBody(false, DEFAULT_INPUT), 'aimock default json');
  if (!peerDefaultJson.includes(JSON.stringify(defaultText).slice(1, -1))) throw new Error("aimock did not answer the default reply's text");
  const peerSse = await readSse(`${peer.url}/responses`, peerBody(true), AUTH);
  const peerDefaultSse = await readSse(`${peerDefault.url}/responses`, peerBody(true, DEFAULT_INPUT), AUTH);
  const reasoningJson = await expectOk(`${generated.url}/responses`, gkBody(false, REASONING_MODEL, DEFAULT_INPUT), 'gatewaykit reasoning json');
  const reasoningSse = await readSse(`${generated.url}/responses`, gkBody(true, REASONING_MODEL, DEFAULT_INPUT), AUTH);
  return {
    gkJson,
    defaultJson,
    defaultText,
    scriptedSse,
    defaultSse,
    peer,
    peerDefault,
    peerJson,
    peerDefaultJson,
    peerSse,
    peerDefaultSse,
    reasoningJson,
    reasoningSse,
  };
}

/** POST /chat/completions: the same input as one user message; aimock answers its text. */
async function probeChat({ generated, fromSource, stops }: Gatewaykits) {
  const chatJson = await expectOk(`${generated.url}/chat/completions`, chatBody(false), 'gatewaykit chat json');
  const chatReply = chatText(chatJson);
  if (!chatReply || chatText(await expectOk(`${fromSource.url}/chat/completions`, chatBody(false), 'npm start chat json')) !== chatReply) {
    throw new Error('npm start and the compiled package answer the default chat request differently');
  }
  const chatSse = await readSse(`${generated.url}/chat/completions`, chatBody(true), AUTH);
  const peerChat = await started(stops, spawnChild('aimock-child', [chatReply, DEFAULT_INPUT, String(chunkSize(chatReply, chatSse.deltas))]));
  const peerChatJson = await expectOk(`${peerChat.url}/chat/completions`, chatBody(false, PEER_MODEL), 'aimock chat json');
  if (chatText(peerChatJson) !== chatReply) throw new Error("aimock did not answer the default chat reply's text");
  const peerChatSse = await readSse(`${peerChat.url}/chat/completions`, chatBody(true, PEER_MODEL), AUTH);
  const chatReasoningJson = await expectOk(`${generated.url}/chat/completions`, chatBody(false, REASONING_MODEL), 'gatewaykit chat reasoning json');
  const chatReasoningSse = await readSse(`${generated.url}/chat/completions`, chatBody(true, REASONING_MODEL), AUTH);
  return { chatJson, chatReply, chatSse, peerChat, peerChatJson, peerChatSse, chatReasoningJson, chatReasoningSse };
}

/** POST /messages: the same input, the default Anthropic model; aimock answers its text on /v1/messages. */
async function probeMessages({ generated, fromSource, stops }: Gatewaykits) {
  const messagesJson = await expectOk(`${generated.url}/messages`, messagesBody(false), 'gatewaykit messages json');
  const messagesReply = messageText(messagesJson);
  if (!messagesReply || messageText(await expectOk(`${fromSource.url}/messages`, messagesBody(false), 'npm start messages json')) !== messagesReply) {
    throw new Error('npm start and the compiled package answer the default Messages request differently');
  }
  const messagesSse = await readSse(`${generated.url}/messages`, messagesBody(true), AUTH);
  if (!messagesSse.done) throw new Error('the gatewaykit Messages stream did not end with message_stop');
  const peerMessages = await started(stops, spawnChild('aimock-child', [messagesReply, DEFAULT_INPUT, String(chunkSize(messagesReply, messagesSse.deltas))]));
  const peerMessagesJson = await expectOk(`${peerMessages.url}/messages`, messagesBody(false, PEER_MESSAGES_MODEL), 'aimock messages json');
  if (messageText(peerMessagesJson) !== messagesReply) throw new Error("aimock did not answer the default Messages reply's text");
  const peerMessagesSse = await readSse(`${peerMessages.url}/messages`, messagesBody(true, PEER_MESSAGES_MODEL), AUTH);
  return { messagesJson, messagesReply, messagesSse, peerMessages, peerMessagesJson, peerMessagesSse };
}

type ResponsesProbe = Awaited<ReturnType<typeof probeResponses>>;
type ChatProbe = Awaited<ReturnType<typeof probeChat>>;
type MessagesProbe = Awaited<ReturnType<typeof probeMessages>>;

/** A stream's sizes as the results keep them. */
const sseSizes = (s: SseRead) => ({ bytes: s.bytes, events: s.events, deltas: s.deltas });

/** The answers' sizes, for the table's notes: what each target writes per answer. */
function recordSizes(results: BenchResults, r: ResponsesProbe, c: ChatProbe, m: MessagesProbe): void {
  results.sizes = {
    gatewaykitJson: Buffer.byteLength(r.gkJson),
    peerJson: Buffer.byteLength(r.peerJson),
    gatewaykitSse: { bytes: r.scriptedSse.bytes, events: r.scriptedSse.events },
    peerSse: { bytes: r.peerSse.bytes, events: r.peerSse.events },
  };
  results.defaults = {
    input: DEFAULT_INPUT,
    model: DEFAULT_MODEL,
    reasoningModel: REASONING_MODEL,
    textChars: r.defaultText.length,
    json: Buffer.byteLength(r.defaultJson),
    peerJson: Buffer.byteLength(r.peerDefaultJson),
    reasoningJson: Buffer.byteLength(r.reasoningJson),
    sse: sseSizes(r.defaultSse),
    peerSse: sseSizes(r.peerDefaultSse),
    reasoningSse: sseSizes(r.reasoningSse),
    chat: {
      textChars: c.chatReply.length,
      json: Buffer.byteLength(c.chatJson),
      peerJson: Buffer.byteLength(c.peerChatJson),
      sse: sseSizes(c.chatSse),
      peerSse: sseSizes(c.peerChatSse),
      reasoningJson: Buffer.byteLength(c.chatReasoningJson),
      reasoningSse: sseSizes(c.chatReasoningSse),
    },
    messages: {
      model: MESSAGES_MODEL,
      maxTokens: MESSAGES_MAX_TOKENS,
      textChars: m.messagesReply.length,
      json: Buffer.byteLength(m.messagesJson),
      peerJson: Buffer.byteLength(m.peerMessagesJson),
      sse: sseSizes(m.messagesSse),
      peerSse: sseSizes(m.peerMessagesSse),
    },
  };
}

type Targets = Record<string, { server: Server; target: LoadTarget }>;

/** Every row of the table: which server, which request. */
function throughputTargets(g: Gatewaykits, r: ResponsesProbe, c: ChatProbe, m: MessagesProbe, bare: BenchChild): Targets {
  const at = (s: Server, body: string, headers: Record<string, string> = AUTH, path = '/responses') => ({
    server: s,
    target: { url: `${s.url}${path}`, body, headers },
  });
  const chatAt = (s: Server, body: string) => at(s, body, AUTH, '/chat/completions');
  const messagesAt = (s: Server, body: string) => at(s, body, AUTH, '/messages');
  const server = (c: { url: string; process: { pid?: number } }): Server => ({ url: c.url, pid: c.process.pid ?? 0 });
  const [S, G, N, P, PD, B] = [g.scripted, g.generated, g.fromSource, r.peer, r.peerDefault, bare].map(server) as [
    Server,
    Server,
    Server,
    Server,
    Server,
    Server,
  ];
  const [PC, PM] = [server(c.peerChat), server(m.peerMessages)];
  return {
    [ROW.npmJson]: at(N, gkBody(false, DEFAULT_MODEL, DEFAULT_INPUT)),
    [ROW.json]: at(G, gkBody(false, DEFAULT_MODEL, DEFAULT_INPUT)),
    [ROW.peerJson]: at(PD, peerBody(false, DEFAULT_INPUT)),
    [ROW.bare]: at(B, gkBody(false, DEFAULT_MODEL, DEFAULT_INPUT)),
    [ROW.npmSse]: at(N, gkBody(true, DEFAULT_MODEL, DEFAULT_INPUT)),
    [ROW.sse]: at(G, gkBody(true, DEFAULT_MODEL, DEFAULT_INPUT)),
    [ROW.peerSse]: at(PD, peerBody(true, DEFAULT_INPUT)),
    [ROW.chatNpmJson]: chatAt(N, chatBody(false)),
    [ROW.chatJson]: chatAt(G, chatBody(false)),
    [ROW.chatPeerJson]: chatAt(PC, chatBody(false, PEER_MODEL)),
    [ROW.chatNpmSse]: chatAt(N, chatBody(true)),
    [ROW.chatSse]: chatAt(G, chatBody(true)),
    [ROW.chatPeerSse]: chatAt(PC, chatBody(true, PEER_MODEL)),
    [ROW.messagesNpmJson]: messagesAt(N, messagesBody(false)),
    [ROW.messagesJson]: messagesAt(G, messagesBody(false)),
    [ROW.messagesPeerJson]: messagesAt(PM, messagesBody(false, PEER_MESSAGES_MODEL)),
    [ROW.messagesNpmSse]: messagesAt(N, messagesBody(true)),
    [ROW.messagesSse]: messagesAt(G, messagesBody(true)),
    [ROW.messagesPeerSse]: messagesAt(PM, messagesBody(true, PEER_MESSAGES_MODEL)),
    [ROW.reasoningJson]: at(G, gkBody(false, REASONING_MODEL, DEFAULT_INPUT)),
    [ROW.reasoningSse]: at(G, gkBody(true, REASONING_MODEL, DEFAULT_INPUT)),
    [ROW.chatReasoningJson]: chatAt(G, chatBody(false, REASONING_MODEL)),
    [ROW.chatReasoningSse]: chatAt(G, chatBody(true, REASONING_MODEL)),
    [ROW.scriptedJson]: at(S, gkBody(false)),
    [ROW.scriptedPeerJson]: at(P, peerBody(false)),
    [ROW.scriptedSse]: at(S, gkBody(true)),
    [ROW.scriptedPeerSse]: at(P, peerBody(true)),
    // Diagnostic: no key, so the core answers 401 before any operation runs. What the adapter,
    // the Fetch objects and the dispatcher cost on their own, apart from the Responses engine.
    [ROW.core]: at(G, gkBody(false, DEFAULT_MODEL, DEFAULT_INPUT), { 'content-type': 'application/json' }),
  };
}

/** The warm-up of every target, then the rounds: each target's load and its server's CPU time per request. */
async function loadRounds(
  targets: Targets,
  runs: Record<string, LoadResult[]>,
  cpu: Record<string, number[]>,
  expectStatus: Record<string, number>,
): Promise<void> {
  // Warm-up (JIT) for every target, not recorded.
  for (const [name, t] of Object.entries(targets)) await load(t.target, WARM_UP_SECONDS, CONNECTIONS, expectStatus[name] ?? 200);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { server, target }] of roundOrder(Object.entries(targets), round, ROUNDS)) {
      const before = procCpuUs(server.pid);
      const r = await load(target, SECONDS, CONNECTIONS, expectStatus[name] ?? 200);
      const after = procCpuUs(server.pid);
      (runs[name] ??= []).push(r);
      (cpu[name] ??= []).push((after - before) / Math.max(1, r.requests));
      log(
        `round ${round + 1}/${ROUNDS} ${name}: ${Math.round(r.rps)} req/s, ${((after - before) / Math.max(1, r.requests)).toFixed(1)} µs CPU per request, p50 ${r.p50} ms, p99 ${r.p99} ms, failures ${r.failures}`,
      );
    }
  }
}

/**
 * Every target loaded in turn, round after round (interleaved), each round started further along
 * the table ({@link roundOrder}); medians of req/s, latency and server CPU per request.
 */
async function measureTargets(targets: Targets, results: BenchResults): Promise<void> {
  const expectStatus: Record<string, number> = { [ROW.core]: 401 };
  const runs: Record<string, LoadResult[]> = {};
  const cpu: Record<string, number[]> = {};
  const pins = values['pin-cpus'] === true ? pinCpus() : unpinned('`--pin-cpus` not given');
  const missed = [...new Set(Object.values(targets).map((t) => t.server.pid))].filter((pid) => !pins.pinServer(pid));
  results.pinning = pins.pinning && missed.length > 0 ? `${pins.note}; ${missed.length} server(s) could not be pinned` : pins.note;
  try {
    await loadRounds(targets, runs, cpu, expectStatus);
  } finally {
    pins.release();
  }
  results.throughput = Object.fromEntries(
    Object.entries(runs).map(([name, rs]) => [
      name,
      {
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        failures: rs.reduce((a, r) => a + r.failures, 0),
        runs: rs.map((r) => r.rps),
        cpuUs: median(cpu[name] ?? []),
        cpuRuns: cpu[name] ?? [],
      },
    ]),
  );
}

async function throughput(results: BenchResults): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  try {
    const scripted = await started(stops, spawnChild('gatewaykit-child', [TEXT]));
    const generated = await started(stops, spawnChild('gatewaykit-child', ['']));
    const fromSource = await started(stops, startFromSource());
    results.startFromSourceMs = fromSource.startMs;
    const g: Gatewaykits = { scripted, generated, fromSource, stops };
    const r = await probeResponses(g);
    const c = await probeChat(g);
    const m = await probeMessages(g);
    // The bare server answers a body of exactly the default answer's size.
    const bare = await started(stops, spawnChild('bare-child', [r.defaultJson]));
    recordSizes(results, r, c, m);
    await measureTargets(throughputTargets(g, r, c, m, bare), results);
  } finally {
    for (const stop of stops) await stop();
  }
}

async function longStream(results: BenchResults): Promise<void> {
  // Deltas are one to three words (seeded): ~4,000 words give ~2,000 events.
  const gk = await spawnChild('gatewaykit-child', [words(4_000)]);
  try {
    await readSse(`${gk.url}/responses`, gkBody(true), AUTH); // warm-up
    const reads = [];
    for (let i = 0; i < (quick ? 2 : 5); i++) reads.push(await readSse(`${gk.url}/responses`, gkBody(true), AUTH));
    if (reads.some((r) => r.status !== 200 || !r.done)) throw new Error('long stream did not complete');
    const ms = median(reads.map((r) => r.ms));
    const events = reads[0]?.events ?? 0;
    results.longStream = { events, ms, eventsPerSecond: events / (ms / 1000), bytes: reads[0]?.bytes ?? 0 };
    log(`long stream: ${events} events in ${ms.toFixed(1)} ms`);
  } finally {
    await gk.stop();
  }
}

async function concurrentStreams(results: BenchResults): Promise<void> {
  // ~200 events per stream, so the 1,000 streams are open at the same time.
  const gk = await spawnChild('gatewaykit-child', [words(400)]);
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  try {
    for (let i = 0; i < 20; i++) await readSse(`${gk.url}/responses`, gkBody(true), AUTH, agent); // warm-up
    const before = await gk.stats();
    const started = performance.now();
    const reads = await Promise.all(Array.from({ length: STREAMS }, () => readSse(`${gk.url}/responses`, gkBody(true), AUTH, agent).catch(() => undefined)));
    const ms = performance.now() - started;
    const after = await gk.stats();
    const completed = reads.filter((r) => r && r.status === 200 && r.done).length;
    results.concurrent = {
      streams: STREAMS,
      completed,
      ms,
      eventsPerStream: reads[0]?.events ?? 0,
      rssBefore: before.rss,
      peakRss: after.maxRss,
      rssAfter: after.rss,
    };
    log(`${STREAMS} concurrent streams: ${completed} completed in ${ms.toFixed(0)} ms, peak RSS ${(after.maxRss / 1048576).toFixed(1)} MB`);
  } finally {
    agent.destroy();
    await gk.stop();
  }
}

type ConformanceSummary = { total: number; passed: number; failed: number; skipped: number };

/**
 * The conformance suite (bench/servers/conformance-child.ts, `gatewaykit conform`) against a fresh
 * `gatewaykit serve` (both the compiled CLI, as users run them); requests
 * counted by the server's own journal. `profile`: the client is CPU-profiled (that run is not timed
 * for the row, a profiler slows what it watches) and its profile goes with the results.
 */
async function conformanceOnce(clock: 'system' | 'virtual', results: BenchResults, profile = false): Promise<ConformanceRow> {
  const gk = await spawnServe(clock === 'virtual' ? ['--clock', 'virtual'] : []);
  try {
    const { conformance: run } = await runChild<{ conformance: { ms: number; summary: ConformanceSummary; profile?: CpuProfile } }>(
      'conformance-child',
      [gk.url, profile ? 'profile' : ''],
      'conformance',
    );
    const journal = (await (await fetch(`${new URL(gk.url).origin}/__gatewaykit/requests`)).json()) as { total: number };
    const { total, passed, failed, skipped } = run.summary;
    const ms = run.ms;
    log(
      `conformance (${clock} clock${profile ? ', profiled' : ''}): ${journal.total} requests in ${ms.toFixed(0)} ms; checks ${passed}/${total} passed, ${failed} failed, ${skipped} skipped`,
    );
    if (profile && run.profile) {
      (results.profiles ??= []).push({
        ...summariseProfile(run.profile, 10),
        label: `conformance suite, the client side (${journal.total} requests in ${ms.toFixed(0)} ms while profiled)`,
      });
    }
    return { clock, requests: journal.total, ms, rps: journal.total / (ms / 1000), checks: { total, passed, failed, skipped }, runs: [ms] };
  } finally {
    await gk.stop();
  }
}

/** The median run of `count` timed runs (each a fresh server and a fresh client), with every run's wall time. */
async function conformanceMedian(clock: 'system' | 'virtual', results: BenchResults, count: number): Promise<ConformanceRow> {
  const rows: ConformanceRow[] = [];
  for (let i = 0; i < count; i++) rows.push(await conformanceOnce(clock, results));
  const sorted = [...rows].sort((a, b) => a.ms - b.ms);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, runs: rows.map((r) => r.ms) };
}

async function conformance(results: BenchResults): Promise<void> {
  try {
    // The virtual clock is how the suite is meant to run against the simulator (video jobs move
    // when the suite advances the clock); the system clock shows what waiting in real time costs.
    results.conformance = [await conformanceMedian('virtual', results, quick ? 1 : 5)];
    if (!values['skip-profile']) await conformanceOnce('virtual', results, true);
    if (values['system-clock']) results.conformance.push(await conformanceOnce('system', results));
  } catch (e) {
    results.conformance = { error: `runConformance failed: ${(e as Error).message}` };
  }
}

/** Spawn `node <args> serve --port 0` and time until its "listening" line. */
function startupOnce(entry: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [entry, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening" line within 30 s: ${seen.slice(0, 500)}`));
    }, 30_000);
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString();
      if (/listening/.test(seen)) {
        const ms = performance.now() - started;
        clearTimeout(timer);
        child.once('exit', () => resolve(ms));
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (seen += d.toString()));
  });
}

async function medianStartup(entry: string, before?: () => Promise<void>): Promise<{ ms: number; runs: number[] }> {
  await startupOnce(entry); // warm the OS file cache (and tsx's transform cache), as any second start has
  const runs = [];
  for (let i = 0; i < (quick ? 3 : 5); i++) {
    await before?.();
    runs.push(await startupOnce(entry));
  }
  return { ms: median(runs), runs };
}

/**
 * Wait for `npm start`'s background build (after a change a start runs the per-file build and
 * leaves the bundle to a process of its own): returns once the bundle is the sources as they are.
 */
async function settleStartBuild(): Promise<void> {
  await promisify(execFile)(process.execPath, [`${ROOT}scripts/start-bundle.mjs`, 'serve'], { cwd: ROOT });
}

/** A source change as an edit makes one: a file of the server's with a new modification time. */
async function changeASource(): Promise<void> {
  await settleStartBuild();
  const now = new Date();
  utimesSync(`${ROOT}src/gateway/create-gateway.ts`, now, now);
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD_DIR = `${ROOT}bench/.build-tmp`;

/** Compile the package as `npm run build` does (tsconfig.build.json), into bench/.build-tmp. */
async function buildPackage(): Promise<string> {
  rmSync(BUILD_DIR, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) => {
    const tsc = spawn(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-p', `${ROOT}bench/tsconfig.build.json`, '--outDir', BUILD_DIR], {
      stdio: 'ignore',
    });
    tsc.once('exit', () => (existsSync(`${BUILD_DIR}/src/cli/main.js`) ? resolve() : reject(new Error('tsc emitted no src/cli/main.js'))));
  });
  // As `npm run build` does: the tokenizer's table image beside the module that reads it.
  copyFileSync(`${ROOT}src/generation/o200k-table.bin.br`, `${BUILD_DIR}/src/generation/o200k-table.bin.br`);
  return BUILD_DIR;
}

async function startup(results: BenchResults, build: string | undefined): Promise<void> {
  // 1. The source checkout: bin/gatewaykit.js runs src/ through tsx (what `npx gatewaykit` does here).
  const source = await medianStartup(`${ROOT}bin/gatewaykit.js`);
  log(`startup (source, tsx): median ${source.ms.toFixed(0)} ms (${source.runs.map((t) => t.toFixed(0)).join(', ')})`);
  results.startup = { source };
  // 2. `npm start` (scripts/start.mjs): after a source change (one file's time moved, each round
  // from the same state: the background build of the round before finished), and with the sources
  // unchanged (the last build reused).
  const start = `${ROOT}scripts/start.mjs`;
  results.startup.npmStartBuilding = await medianStartup(start, changeASource);
  await settleStartBuild();
  results.startup.npmStart = await medianStartup(start);
  log(
    `startup (npm start): median ${results.startup.npmStartBuilding.ms.toFixed(0)} ms building, ${results.startup.npmStart.ms.toFixed(0)} ms reusing the build`,
  );
  // 2. The published shape: compiled with tsconfig.build.json (what `npm run build` emits), plain node.
  try {
    const compiled = await medianStartup(`${build ?? (await buildPackage())}/src/cli/main.js`);
    log(`startup (compiled): median ${compiled.ms.toFixed(0)} ms (${compiled.runs.map((t) => t.toFixed(0)).join(', ')})`);
    results.startup.compiled = compiled;
  } catch (e) {
    log(`startup (compiled) not measured: ${(e as Error).message}`);
  }
}

/** The "after" profiles: every gatewaykit row of the throughput table, and `gateway.fetch`. */
async function profiles(results: BenchResults): Promise<void> {
  const seconds = quick ? 2 : 3;
  results.profiles = [];
  for (const name of Object.keys(PROFILE_ROWS)) results.profiles.push(await profileServerRow(name, seconds, 10));
  results.profiles.push(await profileInProcess(seconds, 10));
  log(`profiles: ${results.profiles.map((p) => p.label).join('; ')}`);
}

/** Issue 28's footprint goals: `npm pack`, installed into an empty project, and its import timed. */
async function footprint(results: BenchResults): Promise<void> {
  try {
    results.footprint = await measureInstall(quick ? 3 : 5, log);
    const f = results.footprint;
    log(`footprint: ${(f.bytes / 1048576).toFixed(1)} MB installed (${f.packages} packages); import('gatewaykit') ${f.importMs.toFixed(0)} ms`);
  } catch (e) {
    results.footprint = { error: (e as Error).message.split('\n')[0] ?? 'failed' };
    log(`footprint not measured: ${(e as Error).message}`);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const results: BenchResults = { machine: machineInfo(), quick, rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, loadBefore: loadAverage() };
  log(`${quick ? 'quick' : 'full'} run: ${ROUNDS} round(s) of ${SECONDS} s per target, ${CONNECTIONS} connections; load average ${results.loadBefore}`);
  let build: string | undefined;
  const phases: Record<string, number> = {};
  // Each step of the run, timed (the Method line says where the minutes go).
  const only = values.only?.split(',').map((x) => x.trim());
  const phase = async (name: string, step: () => Promise<void>) => {
    if (only && name !== 'build' && !only.includes(name)) return;
    const at = Date.now();
    await step();
    phases[name] = (Date.now() - at) / 1000;
  };
  results.phases = phases;
  try {
    if (!values.source) {
      // gatewaykit as users run it: compiled by tsc (the children and the in-process rows load it).
      await phase('build', async () => {
        build = await buildPackage();
      });
      process.env.GATEWAYKIT_BENCH_BUILD = build;
      log(`compiled the package into ${build!.slice(ROOT.length)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    results.measured = build ? 'build' : 'source';
    await phase('throughput', () => throughput(results));
    if (!values['skip-profile']) await phase('profiles', () => profiles(results));
    await phase('streams', async () => {
      await longStream(results);
      await concurrentStreams(results);
    });
    await phase('fairness', async () => {
      // Issue 40: a small request's latency while 50 large answers are made (the compiled serve).
      const gk = await spawnServe(['--clock', 'virtual']);
      try {
        results.fairness = await fairness(gk.url, 50);
        log(
          `fairness: GET /key p99 ${results.fairness.p99.toFixed(0)} ms (p50 ${results.fairness.p50.toFixed(0)}, max ${results.fairness.max.toFixed(0)}) over ${results.fairness.small} requests while ${results.fairness.large} large answers were made`,
        );
      } finally {
        await gk.stop();
      }
    });
    await phase('in-process', async () => {
      ({ inProcess: results.inProcess } = await runChild<{ inProcess: InProcessResult }>(
        'in-process-bench-child',
        [String(quick ? 300 : 2_000), String(quick ? 1 : 3)],
        'inProcess',
      ));
      log(
        `in-process: gateway.fetch ${results.inProcess.directUs.toFixed(1)} µs (${results.inProcess.directCpuUs.toFixed(1)} µs CPU), msw ${results.inProcess.mswUs.toFixed(1)} µs, plain msw handler ${results.inProcess.plainMswUs.toFixed(1)} µs per request`,
      );
    });
    await phase('conformance', () => conformance(results));
    await phase('start-up', () => startup(results, build));
    await phase('footprint', () => footprint(results));
  } finally {
    rmSync(BUILD_DIR, { recursive: true, force: true });
  }
  results.loadAfter = loadAverage();
  const before = fileURLToPath(new URL('./profile-before.md', import.meta.url));
  if (existsSync(before)) results.profileBefore = readFileSync(before, 'utf8');
  results.totalSeconds = (Date.now() - started) / 1000;
  writeFileSync(out, renderResults(results));
  log(`wrote ${out} in ${results.totalSeconds.toFixed(0)} s`);
}

await main();
