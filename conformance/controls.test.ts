import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { KNOWN_SIMULATOR_GAPS } from './test-helpers/known-simulator-gaps.ts';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { ALL_CONTROLS } from './mutants/controls.ts';
import type { ConformanceReport } from './report.ts';
import { runConformance } from './run-conformance.ts';

/** The groups a wire variation can affect; the rest would only repeat the simulator run. */
const GROUPS = ['auth.', 'errors.', 'result.', 'metadata.', 'stream.', 'guardrail.', 'always.', 'chat.', 'messages.', 'embeddings.', 'account.'];

function notPassed(report: ConformanceReport) {
  return report.checks
    .filter((c) => c.status !== 'passed' && !(c.id in KNOWN_SIMULATOR_GAPS && c.status === 'failed'))
    .map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`);
}

describe('controls: legitimate wire variations pass', () => {
  it.each(ALL_CONTROLS.map((c) => [c.id, c] as const))(
    '%s',
    async (_id, control) => {
      const gateway = createGateway({ clock: virtualClock(), seed: 5 });
      const report = await runConformance({
        baseUrl: gateway.baseUrl,
        apiKey: 'sk-gw-test',
        fetch: control.wrap(gateway.fetch),
        only: GROUPS,
        seed: 9,
        runs: 3,
      });
      expect(report.preflight.ok).toBe(true);
      expect(notPassed(report), control.why).toEqual([]);
    },
    60_000,
  );

  it('header-case: answer header names in upper case on the wire (over a real port)', async () => {
    const gateway = createGateway({ clock: virtualClock(), seed: 5 });
    // A proxy that writes every answer header name in upper case: HTTP header names are case-insensitive.
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url ?? '/', gateway.baseUrl);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers.set(k, v);
      const answer = await gateway.fetch(url.href, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'transfer-encoding') res.setHeader(name.toUpperCase(), value);
      });
      res.writeHead(answer.status);
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const base = new URL(gateway.baseUrl);
      const report = await runConformance({ baseUrl: `http://127.0.0.1:${port}${base.pathname}`, apiKey: 'sk-gw-test', only: GROUPS, seed: 9, runs: 3 });
      expect(report.target.simulator).toBe(true);
      expect(notPassed(report)).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
