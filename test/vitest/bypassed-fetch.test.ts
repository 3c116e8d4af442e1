import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { bypassedFetchHint } from '../../src/vitest/bypassed-fetch.ts';

/**
 * Pitfall: an openai client built before msw listens keeps the real fetch, and its requests fail
 * with a bare DNS error for the fixture's `*.gateway.test` host. The fixture names the cause.
 */
const root = join(import.meta.dirname, '..', '..');

describe('a client that bypassed msw', () => {
  test('the failing test gets the explanation (child vitest run of a real fixture test)', async () => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        join(root, 'test/vitest/fixtures/vitest.fixtures.config.ts'),
        '--reporter',
        'default',
        'client-before-listen',
      ],
      {
        cwd: root,
        env: { ...process.env, CI: '', FORCE_COLOR: '0', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('ENOTFOUND');
    expect(output).toMatch(/GatewaykitFetchBypassed: gatewaykit: a request to t[0-9a-z]+\.gateway\.test went to the real network/);
    expect(output).toContain('built before `server.listen()`');
  }, 120_000);

  test("only a DNS failure for the fixture's own host is explained", () => {
    const chain = {
      message: 'Connection error.',
      cause: { message: 'fetch failed', cause: { message: 'getaddrinfo ENOTFOUND t1.gateway.test', code: 'ENOTFOUND', hostname: 't1.gateway.test' } },
    };
    expect(bypassedFetchHint([chain], 't1.gateway.test')).toMatch(/went to the real network/);
    expect(bypassedFetchHint([chain], 't2.gateway.test')).toBeUndefined();
    expect(bypassedFetchHint([{ message: 'expected 1 to be 2' }], 't1.gateway.test')).toBeUndefined();
    expect(bypassedFetchHint(undefined, 't1.gateway.test')).toBeUndefined();
  });
});
