/**
 * `npm run bench:profile [-- --seconds 3 --out file.md]`: CPU profiles of the gatewaykit child
 * under each bench row's load, and of the in-process path, summarised as their top frames.
 *
 * Each row gets a fresh server child, a 1 s warm-up, then a fixed-length autocannon run profiled
 * inside the child (node:inspector, so start-up and warm-up stay out of it). The summary lists the
 * functions with the largest self time (where the CPU actually was) and the largest inclusive
 * time among gatewaykit's own functions (which step of a request costs what). On a shared
 * machine absolute times are noisy; the shares are what to compare.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from './load.ts';
import { forkChild } from '../test/support/fork-child.ts';
import { summariseProfile, renderProfile, type CpuProfile, type ProfileSummary } from './profile-summary.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string' }, out: { type: 'string' }, rows: { type: 'string' }, top: { type: 'string' } },
  strict: true,
});
const SECONDS = Number(values.seconds ?? 3);
const TOP = Number(values.top ?? 12);
const WORDS = 'the quick brown fox jumps over a lazy dog while seven wizards quietly box jackals'.split(' ');
const TEXT = Array.from({ length: 60 }, (_, i) => WORDS[i % WORDS.length]).join(' ') + '.';
const AUTH = { authorization: 'Bearer sk-gw-test', 'content-type': 'application/json' };
const body = (stream: boolean) => JSON.stringify({ model: 'openai/gpt-5-mini', input: 'hello bench', stream });

const rows: Record<string, { headers: Record<string, string>; body: string; status: number }> = {
  'gatewaykit json': { headers: AUTH, body: body(false), status: 200 },
  'gatewaykit sse': { headers: AUTH, body: body(true), status: 200 },
  'gatewaykit 401 (core + adapter only)': { headers: { 'content-type': 'application/json' }, body: body(false), status: 401 },
};
const wanted = values.rows?.split(',');

/** Send `message` to the child and wait for its reply carrying `key`. */
function ask<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (!m || !(key in m)) return;
      child.off('message', on);
      resolve(m[key] as T);
    };
    child.on('message', on);
    child.send(message);
  });
}

/** A server child under one row's load; only the measured window is profiled (no start-up, no warm-up). */
async function profileServerRow(name: string, row: (typeof rows)[string]): Promise<ProfileSummary> {
  const child = await forkChild(fileURLToPath(new URL('./servers/gatewaykit-child.ts', import.meta.url)), [TEXT]);
  try {
    const target = { url: `${child.url}/responses`, body: row.body, headers: row.headers };
    await load(target, 1, 10, row.status);
    await ask(child.process, 'profile-start', 'profiling');
    const r = await load(target, SECONDS, 10, row.status);
    const profile = await ask<CpuProfile>(child.process, 'profile-stop', 'profile');
    return { ...summariseProfile(profile, TOP), label: `${name}: ${Math.round(r.rps)} req/s while profiled, ${SECONDS} s` };
  } finally {
    await child.stop();
  }
}

/** `gateway.fetch` in a child of its own, profiled after its warm-up. */
async function profileInProcess(): Promise<ProfileSummary> {
  const script = fileURLToPath(new URL('./servers/in-process-child.ts', import.meta.url));
  const child = fork(script, [TEXT, String(SECONDS)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = await new Promise<{ us: number; requests: number; profile: CpuProfile }>((resolve, reject) => {
    child.on('message', (m: { profile?: CpuProfile }) => m?.profile && resolve(m as { us: number; requests: number; profile: CpuProfile }));
    child.once('exit', (code) => reject(new Error(`in-process child exited (${code})`)));
  });
  child.kill();
  return { ...summariseProfile(result.profile, TOP), label: `gateway.fetch in-process: ${result.us.toFixed(1)} µs per request while profiled (${result.requests} requests)` };
}

const summaries: ProfileSummary[] = [];
for (const [name, row] of Object.entries(rows)) {
  if (wanted && !wanted.some((w) => name.includes(w))) continue;
  summaries.push(await profileServerRow(name, row));
  console.log(`[profile] ${summaries.at(-1)?.label}`);
}
if (!wanted || wanted.includes('in-process')) {
  summaries.push(await profileInProcess());
  console.log(`[profile] ${summaries.at(-1)?.label}`);
}
const text = summaries.map(renderProfile).join('\n');
if (values.out) writeFileSync(values.out, text);
else console.log(text);
