import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { startServer } from '../src/adapter/node/create-server.ts';
import { createGateway } from '../src/gateway/create-gateway.ts';
import { conform } from '../src/cli/conform.ts';
import { transcriptionMultipartRefused } from './operations/audio-transcriptions/mutants.ts';
import { textModelTranscribes } from './operations/responses/more-request-mutants.ts';
import { resultWithoutOutput } from './operations/responses/result-mutants.ts';
import type { FetchLike } from './client/gateway-client.ts';
import { toCurl } from './client/to-curl.ts';
import type { ConformanceReport, ProgressEvent } from './report.ts';
import { runConformance } from './run-conformance.ts';
import { RULES } from './rules/rule-catalogue.ts';

const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-conform-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sink() {
  const lines: string[] = [];
  return { lines, io: { out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(l) } };
}

const gateway = () => createGateway({ clock: virtualClock(), seed: 4 });

describe('output that helps', () => {
  it('elides payloads over 1 KB in the text, keeps them whole in the JSON with the observed answer', async () => {
    const gw = gateway();
    const { lines, io } = sink();
    const json = join(dir, 'report.json');
    const fetch = transcriptionMultipartRefused.wrap(gw.fetch, { apiKey: 'sk-gw-test' });
    expect(
      await conform(['--base-url', gw.baseUrl, '--api-key', 'sk-gw-test', '--only', 'audio.transcriptions-multipart', '--seed', '1', '--json', json], io, {
        fetch,
      }),
    ).toBe(1);
    const text = lines.join('\n');
    expect(text.length).toBeLessThan(12_000);
    expect(text).toMatch(/characters shown; the JSON report has it whole/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as ConformanceReport;
    const failure = report.checks[0]!;
    expect(failure.counterexample?.bodyBase64?.length).toBeGreaterThan(10_000);
    expect(failure.observed).toMatchObject({ status: 400, headers: { 'content-type': 'application/json' } });
    expect(failure.observed?.bodyExcerpt).toContain('Content-Type must be application/json');
    // No NUL bytes anywhere in what is printed.
    expect(text.includes('\u0000')).toBe(false);
    // The summary ends with its strength: the area, the rule it never probed, one statement; the failure names its rule.
    expect(text).toMatch(/By area:\n {2}audio {8}1 failed/);
    expect(text).toMatch(/breaks: +audio\.multipart|\[breaks audio\.multipart\]|FAIL audio\.transcriptions-multipart/);
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      'Conformance: does not conform: breaks 1 of 1 rules probed, holds 0; every rule of the selected checks probed.',
    );
    expect(report.summary).toMatchObject({ statement: expect.stringMatching(/^does not conform/), unprobedRules: [], areas: [{ area: 'audio', failed: 1 }] });
  });

  it('the curl of a multipart upload goes through a file and reproduces the request exactly (run against a real port)', async () => {
    const server = await startServer({ port: 0, clock: virtualClock() });
    try {
      const gw = gateway();
      const report = await runConformance({
        baseUrl: gw.baseUrl,
        apiKey: 'sk-gw-test',
        fetch: transcriptionMultipartRefused.wrap(gw.fetch, { apiKey: 'sk-gw-test' }),
        only: ['audio.transcriptions-multipart'],
        seed: 1,
      });
      const probe = report.checks[0]!.counterexample!;
      const curl = toCurl(server.baseUrl, probe);
      expect(curl.match(/Content-Type/gi)).toHaveLength(1);
      expect(curl).toMatch(/^printf '%s' '[A-Za-z0-9+/=]+' \| base64 -d > gatewaykit-body\.bin && curl .*--data-binary @gatewaykit-body\.bin$/);
      const { stdout } = await promisify(execFile)('sh', ['-c', curl], { cwd: dir, env: { ...process.env, GATEWAY_API_KEY: 'sk-gw-test' }, timeout: 10_000 });
      expect(stdout).toMatch(/^HTTP\/1\.1 200/);
      expect(stdout).toContain('"text"');
    } finally {
      await server.close();
    }
  });

  it('reports every schema problem with its path', async () => {
    const gw = gateway();
    const report = await runConformance({
      baseUrl: gw.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: resultWithoutOutput.wrap(gw.fetch, { apiKey: 'sk-gw-test' }),
      only: ['result.shape'],
      seed: 2,
      runs: 2,
    });
    expect(report.checks[0]?.reason).toMatch(/spec 2\.2: the result at output: /);
    const multi = await runConformance({
      baseUrl: gw.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: (async (input, init) => {
        const answer = await gw.fetch(input, init);
        const body = (await answer.json()) as Record<string, unknown>;
        if (body.object !== 'response') return Response.json(body, { status: answer.status, headers: answer.headers });
        return Response.json({ ...body, id: 7, created_at: 'now', model: null }, { status: answer.status });
      }) as FetchLike,
      only: ['result.shape'],
      seed: 2,
      runs: 1,
    });
    const reason = multi.checks[0]?.reason ?? '';
    for (const path of ['at id:', 'at created_at:', 'at model:']) expect(reason).toContain(path);
  });

  it('--report FILE.md writes a report to paste into an issue; --header is sent on every request; the key comes from the environment', async () => {
    const gw = gateway();
    const seen: string[] = [];
    const fetch: FetchLike = async (input, init) => {
      seen.push(new Headers(init?.headers).get('x-team') ?? '(none)');
      return gw.fetch(input, init);
    };
    const md = join(dir, 'report.md');
    const { lines, io } = sink();
    const args = [
      '--base-url',
      gw.baseUrl,
      '--only',
      'validation.store',
      '--seed',
      '3',
      '--runs',
      '2',
      '--header',
      'X-Team: conformance',
      '--header',
      'X-Other:  two',
      '--report',
      md,
    ];
    expect(await conform(args, io, { fetch: resultWithoutOutput.wrap(fetch, { apiKey: 'sk-gw-test' }) }, { GATEWAY_API_KEY: 'sk-gw-test' })).toBe(0);
    expect(seen.length).toBeGreaterThan(2);
    expect(new Set(seen)).toEqual(new Set(['conformance']));
    const report = readFileSync(md, 'utf8');
    expect(report).toMatch(/^# Gateway API conformance: /);
    expect(report).toContain('| `validation.store` | spec 1.3, 2.1 | passed |');
    expect(lines.join('\n')).toMatch(/validation\.store +PASS/);
    expect(await conform(['--base-url', gw.baseUrl, '--header', 'no colon'], sink().io, {}, {})).toBe(2);
    expect(await conform(['--base-url', gw.baseUrl], sink().io, {}, {})).toBe(2);
  });

  it('a failed inferred rule is advice: exit 0, and 1 with --strict', async () => {
    const args = (extra: string[]) => [
      '--base-url',
      gateway().baseUrl,
      '--api-key',
      'sk-gw-test',
      '--only',
      'audio.transcriptions-non-speech-model',
      '--seed',
      '1',
      ...extra,
    ];
    const plain = sink();
    const gw = gateway();
    expect(await conform(args([]), plain.io, { fetch: textModelTranscribes.wrap(gw.fetch, { apiKey: 'sk-gw-test' }), baseUrl: gw.baseUrl })).toBe(0);
    expect(plain.lines.join('\n')).toMatch(/Advice \(inferred rules; they fail the run only with --strict\)/);
    const gw2 = gateway();
    expect(await conform(args(['--strict']), sink().io, { fetch: textModelTranscribes.wrap(gw2.fetch, { apiKey: 'sk-gw-test' }), baseUrl: gw2.baseUrl })).toBe(
      1,
    );
  });

  it('--list prints every rule with its section, source and checks', async () => {
    const { lines, io } = sink();
    expect(await conform(['--list'], io)).toBe(0);
    const text = lines.join('\n');
    for (const rule of RULES) expect(text).toContain(`${rule.id}  (section ${rule.section}; checked by `);
    expect(text).not.toContain('checked by no check');
    expect(text).toMatch(/Inferred rules \(advice; they fail a run only with --strict\):\n {2}request\.semantic-422/);
  });

  it('long checks print a heartbeat; each check has its time and spend', async () => {
    const gw = gateway();
    const slow: FetchLike = async (input, init) => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      return gw.fetch(input, init);
    };
    const events: ProgressEvent[] = [];
    const report = await runConformance({
      baseUrl: gw.baseUrl,
      apiKey: 'sk-gw-test',
      fetch: slow,
      only: ['validation.store'],
      seed: 1,
      runs: 3,
      heartbeatMs: 20,
      onProgress: (e) => void events.push(e),
    });
    expect(events.some((e) => e.kind === 'heartbeat' && e.id === 'validation.store')).toBe(true);
    expect(report.checks[0]!.durationMs).toBeGreaterThan(30);
    expect(report.checks[0]!.paid).toBe(report.checks[0]!.requests);
  });
});
