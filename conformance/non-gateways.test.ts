import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { conform } from '../src/cli/conform.ts';
import { runConformance } from './run-conformance.ts';
import { NON_GATEWAYS } from './test-helpers/non-gateways.ts';

const BASE = 'http://127.0.0.1:9/api/v1';
/** Checks that judge only the absence of a failure mode: a non-gateway may honestly keep them. */
const NEED_NO_WORKING_GATEWAY = new Set(['always.no-unasked-5xx']);

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) } };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('the preflight: one clear cause and exit 3 when the target cannot be tested', () => {
  it('a closed port: "connection refused", exit 3, nothing else printed', async () => {
    const server = createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const { out, err, io: sink } = io();
    const code = await conform(['--base-url', `http://127.0.0.1:${port}/api/v1`, '--api-key', 'k'], sink);
    expect(code).toBe(3);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/could not test: could not reach http:\/\/127\.0\.0\.1:\d+\/api\/v1: connection refused/);
    expect(out).toEqual([]);
  });

  it('a port that accepts connections but never answers: the timeout, within its bound', async () => {
    const sockets: import('node:net').Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket));
    const port = await listen(server);
    try {
      const started = Date.now();
      const { err, io: sink } = io();
      const code = await conform(['--base-url', `http://127.0.0.1:${port}/api/v1`, '--api-key', 'k', '--timeout-ms', '300'], sink);
      expect(code).toBe(3);
      expect(err.join('\n')).toMatch(/no complete answer within 300 ms \(--timeout-ms\)/);
      // GET /models is retried once (idempotent), so two deadlines at most.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('each non-gateway gets one cause naming what is wrong', async () => {
    const causes: Record<string, string | undefined> = {};
    for (const [name, fetch] of Object.entries(NON_GATEWAYS)) {
      const report = await runConformance({ baseUrl: BASE, apiKey: 'k', fetch, model: 'openai/gpt-4o-mini' });
      expect(report.preflight.ok, name).toBe(false);
      expect(report.checks).toEqual([]);
      causes[name] = report.preflight.cause;
    }
    // --model is given, so a failing models list does not stop the run; the generation does.
    expect(causes['server-error']).toMatch(/a minimal generation with openai\/gpt-4o-mini failed: POST \/responses answered 500/);
    expect(causes['html-404']).toMatch(/does not look like the API: GET \/models answered an HTML page/);
    expect(causes['echo-200']).toMatch(/POST \/responses answered 200 but not a Responses result/);
  });

  it('without --model, a failing models list stops the run and says to pass --model', async () => {
    const report = await runConformance({ baseUrl: BASE, apiKey: 'k', fetch: NON_GATEWAYS['server-error']! });
    expect(report.preflight.cause).toMatch(/GET \/models answered a server error \(500 .*pass --model/);
  });

  it('a refused key: "the key was refused", exit 3', async () => {
    const gateway = createGateway({ clock: virtualClock() });
    const { err, io: sink } = io();
    expect(await conform(['--base-url', gateway.baseUrl, '--api-key', 'sk-not-a-key'], sink, { fetch: gateway.fetch })).toBe(3);
    expect(err.join('\n')).toMatch(/could not test: the key was refused: (GET \/models|POST \/responses) answered 401/);
  });
});

describe('non-gateways get no pass on any check that needs a working gateway (preflight off)', () => {
  it.each(Object.keys(NON_GATEWAYS))('%s', async (name) => {
    const report = await runConformance({
      baseUrl: BASE,
      apiKey: 'k',
      fetch: NON_GATEWAYS[name]!,
      model: 'openai/gpt-4o-mini',
      preflight: false,
      simulator: false,
      includeVideos: true,
      seed: 3,
      runs: 3,
    });
    const passed = report.checks.filter((c) => c.status === 'passed' && !NEED_NO_WORKING_GATEWAY.has(c.id));
    expect(passed.map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
    // The stream checks say why they could not judge, and whose rule that is.
    for (const id of ['stream.sequence', 'stream.deltas-join', 'stream.done-sentinel']) {
      const check = report.checks.find((c) => c.id === id)!;
      expect(check.status, `${name} ${id}`).toBe('inconclusive');
      expect(check.owner).toMatch(/^(validation\.valid-accepted|stream\.content-type)$/);
    }
  });
});
