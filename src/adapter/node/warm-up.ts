import { Agent, request } from 'node:http';
import { virtualClock } from '../../clock/index.ts';
import { startServer } from './create-server.ts';
import { warmUpRequests, type WarmUpRequest } from './warm-up-requests.ts';

export interface WarmUpResult {
  /** Requests answered before the warm-up ended. */
  readonly sent: number;
  /** The status of each answer, in order. */
  readonly statuses: readonly number[];
  /** Of {@link warmUpRequests}. */
  readonly planned: number;
  /** True when `stop` ended it before the last request. */
  readonly stopped: boolean;
  readonly durationMs: number;
}

export interface WarmUpOptions {
  /** Asked before each request: true ends the warm-up there (the server is shutting down). */
  readonly stop?: () => boolean;
  /** Milliseconds, for the reported duration. Default `performance.now`. */
  readonly now?: () => number;
}

const KEY = 'sk-gw-warm-up';

/**
 * Exercise the simulator's code paths once, on a throwaway simulator of its own, before clients
 * come. In a fresh process every function runs slowly the first time (V8 compiles it then, and
 * learns the shapes it sees), and a server answers a test suite's first few hundred requests at
 * about half its later speed. The warm-up pays that cost in the moments after start-up, when the
 * server is idle anyway.
 *
 * The throwaway simulator shares only code with the real one: its own default catalogue, key,
 * virtual clock, journal and stores, on a loopback port that closes when the warm-up ends. So the
 * real simulator's journal, credits, generations, video jobs and state file see nothing of it,
 * and its answers are the ones a simulator that was never warmed gives. Requests are sent one at a
 * time, so a real request waits behind at most one of them. It never fails: whatever goes wrong
 * ends the warm-up early.
 *
 * @example
 * const server = await startServer({ port: 8080 });
 * let closing = false;
 * const warming = warmUp({ stop: () => closing });
 * // on shutdown: closing = true; await Promise.all([server.close(), warming]);
 */
export async function warmUp(options: WarmUpOptions = {}): Promise<WarmUpResult> {
  const now = options.now ?? (() => performance.now());
  const stop = options.stop ?? (() => false);
  const started = now();
  const plan = warmUpRequests();
  const statuses: number[] = [];
  let stopped = false;
  let throwaway: Awaited<ReturnType<typeof startServer>> | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    throwaway = await startServer({ port: 0, host: '127.0.0.1', clock: virtualClock(), keys: [{ key: KEY }] });
    for (const planned of plan) {
      if (stop()) {
        stopped = true;
        break;
      }
      statuses.push(await send(agent, throwaway.port, new URL(throwaway.baseUrl).pathname, planned));
    }
  } catch {
    // A warm-up that cannot run only leaves the code cold.
    stopped = statuses.length < plan.length;
  } finally {
    agent.destroy();
    await throwaway?.close().catch(() => undefined);
  }
  return { sent: statuses.length, statuses, planned: plan.length, stopped, durationMs: now() - started };
}

/** One request on the agent's connection; its answer is read to the end and dropped, its status kept. */
function send(agent: Agent, port: number, basePath: string, planned: WarmUpRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (planned.auth !== false) headers.authorization = `Bearer ${KEY}`;
    if (planned.contentType !== undefined) headers['content-type'] = planned.contentType;
    const req = request({ host: '127.0.0.1', port, method: planned.method, path: `${basePath}${planned.path}`, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(planned.body);
  });
}
