import type { ChildProcess } from 'node:child_process';
import { forkChild } from '../test/support/fork-child.ts';
import { AUTH, chatBody, messagesBody, responsesBody } from './default-requests.ts';
import { load } from './load.ts';
import { childScript, runChild } from './spawn-child.ts';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './profile-summary.ts';
import { ROW } from './render-results.ts';

const WORDS = 'the quick brown fox jumps over a lazy dog while seven wizards quietly box jackals'.split(' ');
/** The bench's reply: the 60-word scripted text of every throughput row. */
export const BENCH_TEXT = Array.from({ length: 60 }, (_, i) => WORDS[i % WORDS.length]).join(' ') + '.';
const scriptedBody = (stream: boolean) => JSON.stringify({ model: 'openai/gpt-5-mini', input: 'hello bench', stream });

interface ProfileRow {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  text: string;
}
const generated = (path: string, body: string): ProfileRow => ({ path, headers: AUTH, body, status: 200, text: '' });

/**
 * The gatewaykit rows of the throughput table, as the profiler loads them (`text`: the scripted
 * reply, '' for the generated one): the default request of every surface, JSON and SSE (the
 * profile a missed CPU-efficiency goal is explained by), the scripted reply, and the 401.
 */
export const PROFILE_ROWS: Record<string, ProfileRow> = {
  [ROW.json]: generated('/responses', responsesBody(false)),
  [ROW.sse]: generated('/responses', responsesBody(true)),
  [ROW.chatJson]: generated('/chat/completions', chatBody(false)),
  [ROW.chatSse]: generated('/chat/completions', chatBody(true)),
  [ROW.messagesJson]: generated('/messages', messagesBody(false)),
  [ROW.messagesSse]: generated('/messages', messagesBody(true)),
  [ROW.scriptedJson]: { path: '/responses', headers: AUTH, body: scriptedBody(false), status: 200, text: BENCH_TEXT },
  [ROW.core]: { path: '/responses', headers: { 'content-type': 'application/json' }, body: scriptedBody(false), status: 401, text: '' },
};

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

/**
 * A fresh server child under one row's load: a 1 s warm-up, then `seconds` of load profiled
 * inside the child (node:inspector, so start-up and warm-up stay out of the profile).
 *
 * @example
 * const summary = await profileServerRow('gatewaykit json', 3, 12);
 */
export async function profileServerRow(name: string, seconds: number, top: number): Promise<ProfileSummary> {
  const row = PROFILE_ROWS[name];
  if (!row) throw new Error(`no such profile row: ${name}`);
  const { file, plain } = childScript('gatewaykit-child');
  const child = await forkChild(file, [row.text], { plain });
  try {
    const target = { url: `${child.url}${row.path}`, body: row.body, headers: row.headers };
    await load(target, 1, 10, row.status);
    await ask(child.process, 'profile-start', 'profiling');
    const r = await load(target, seconds, 10, row.status);
    const profile = await ask<CpuProfile>(child.process, 'profile-stop', 'profile');
    return { ...summariseProfile(profile, top), row: name, label: `${name}: ${Math.round(r.rps)} req/s while profiled, ${seconds} s` };
  } finally {
    await child.stop();
  }
}

/**
 * `gateway.fetch` in a child of its own (bench/servers/in-process-child.ts), profiled after its warm-up.
 *
 * @example
 * const summary = await profileInProcess(3, 12);
 */
export async function profileInProcess(seconds: number, top: number): Promise<ProfileSummary> {
  const result = await runChild<{ us: number; requests: number; profile: CpuProfile }>('in-process-child', [String(seconds)], 'profile');
  return {
    ...summariseProfile(result.profile, top),
    label: `gateway.fetch in-process: ${result.us.toFixed(1)} µs per request while profiled (${result.requests} requests)`,
  };
}
