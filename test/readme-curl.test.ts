import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { virtualClock } from '../src/clock/virtual-clock.ts';
import { startServer, type RunningServer } from '../src/adapter/node/create-server.ts';

/**
 * Every ```sh block with a `curl` in README.md and docs/curl-examples.md, run with the real curl
 * against a real server (the documented port substituted), each from a reset state. A
 * `# status: 200 429` line gives the HTTP status of each curl in order; without one every curl
 * must answer 2xx. The block must exit 0.
 */
const run = promisify(execFile);
const DOCS = ['README.md', 'docs/curl-examples.md'];
const DOCUMENTED_ORIGINS = /http:\/\/(?:127\.0\.0\.1|localhost):8080/g;

/** Reports each curl's status on stderr, whatever the block does with stdout ($(...), -o). */
const PRELUDE = `set -euo pipefail
curl() { command curl -sS -w '%{stderr}@@status=%{http_code}@@\\n' "$@"; }
`;

interface Block {
  file: string;
  index: number;
  code: string;
  expected: number[] | undefined;
}

function curlBlocks(file: string): Block[] {
  const path = new URL(`../${file}`, import.meta.url);
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```/gm)]
    .map((m) => m[1]!)
    .filter((code) => /\bcurl\b/.test(code))
    .map((code, index) => {
      const status = /^#\s*status:\s*([\d\s]+)$/m.exec(code);
      return { file, index, code, expected: status ? status[1]!.trim().split(/\s+/).map(Number) : undefined };
    });
}

const blocks = DOCS.flatMap(curlBlocks);

describe('curl examples in the docs', () => {
  let server: RunningServer;
  let hasCurl = true;
  beforeAll(async () => {
    server = await startServer({ port: 0, clock: virtualClock() });
    hasCurl = await run('curl', ['--version']).then(
      () => true,
      () => false,
    );
  });
  afterAll(() => server.close());
  beforeEach(() => server.gateway.control.reset());

  test('docs/curl-examples.md has curl blocks to run', () => {
    expect(blocks.filter((b) => b.file === 'docs/curl-examples.md').length).toBeGreaterThan(5);
  });

  test.each(blocks.map((b) => [`${b.file} #${b.index + 1}: ${/curl[^\n]*/.exec(b.code)![0].slice(0, 70)}`, b] as const))('%s', async (_name, block) => {
    expect(hasCurl, 'curl must be installed to run the documented examples').toBe(true);
    const origin = new URL(server.baseUrl).origin;
    const script = PRELUDE + block.code.replace(DOCUMENTED_ORIGINS, origin);
    const result = await run('bash', ['-c', script], { timeout: 20_000, maxBuffer: 8 * 1024 * 1024 }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    const code = 'code' in result ? result.code : 0;
    expect(code, `exit status\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`).toBe(0);
    const statuses = [...result.stderr.matchAll(/@@status=(\d{3})@@/g)].map((m) => Number(m[1]));
    expect(statuses.length, result.stderr).toBeGreaterThan(0);
    if (block.expected) expect(statuses).toEqual(block.expected);
    else
      expect(
        statuses.filter((s) => s < 200 || s > 299),
        result.stdout,
      ).toEqual([]);
  });
});
