import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readServeConfig } from '../../src/cli/config-file.ts';
import { conform } from '../../src/cli/conform.ts';
import { diff } from '../../src/cli/diff.ts';
import { record } from '../../src/cli/record.ts';
import { serve } from '../../src/cli/serve.ts';

/** Every command's usage errors: one line naming the problem (with a suggestion for a typo), one usage line, exit 2. */
type Command = (argv: string[], io: { out: (l: string) => void; err: (l: string) => void }) => Promise<number>;

async function run(command: Command, argv: string[]): Promise<{ code: number; err: string[] }> {
  const err: string[] = [];
  const code = await command(argv, { out: () => {}, err: (l) => err.push(...l.split('\n')) });
  return { code, err };
}

describe('usage errors are one line with a suggestion', () => {
  test.each([
    ['conform', conform as Command, ['--base-ur', 'http://x'], 'gatewaykit conform: unknown option --base-ur (did you mean --base-url?)'],
    ['conform', conform as Command, ['--max-request', '3'], 'gatewaykit conform: unknown option --max-request (did you mean --max-requests?)'],
    ['diff', diff as Command, ['--casettes', 'x'], 'gatewaykit diff: unknown option --casettes (did you mean --cassettes?)'],
    ['record', record as Command, ['--upstrem', 'http://x'], 'gatewaykit record: unknown option --upstrem (did you mean --upstream?)'],
    ['serve', serve as Command, ['--replay-bse-path', '/v1'], 'gatewaykit serve: unknown option --replay-bse-path (did you mean --replay-base-path?)'],
    ['serve', serve as Command, ['--port'], 'gatewaykit serve: --port needs a value'],
    [
      'serve',
      serve as Command,
      ['--port', '--host', 'x'],
      'gatewaykit serve: --port needs a value (the next argument is another option; to pass a value starting with "-", write --port=VALUE)',
    ],
    ['record', record as Command, ['--out'], 'gatewaykit record: --out needs a value'],
    ['conform', conform as Command, ['--base-url'], 'gatewaykit conform: --base-url needs a value'],
  ])('%s %j', async (_name, command, argv, first) => {
    const { code, err } = await run(command, argv);
    expect(code).toBe(2);
    expect(err[0]).toBe(first);
    expect(err).toHaveLength(2);
    expect(err[1]).toMatch(/^Usage: gatewaykit /);
  });

  test('a conform problem past parsing is one line too, not the whole help', async () => {
    const { code, err } = await run(conform as Command, []);
    expect(code).toBe(2);
    expect(err).toHaveLength(2);
  });

  test('--max-spend takes an amount of USD', async () => {
    const { code, err } = await run(conform as Command, ['--base-url', 'http://127.0.0.1:1/api/v1', '--api-key', 'k', '--max-spend', 'lots']);
    expect(code).toBe(2);
    expect(err[0]).toBe('gatewaykit conform: --max-spend must be an amount of USD >= 0 such as 0.50 (got "lots")');
  });
});

describe('config file: the documented object form of timing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatewaykit-config-timing-'));
  const write = (name: string, json: unknown) => {
    writeFileSync(join(dir, name), JSON.stringify(json));
    return name;
  };

  test('{"timing": {"mode": ...}} is accepted, with the timeouts defaulted', () => {
    expect(readServeConfig(write('a.json', { timing: { mode: 'realistic' } }), dir)?.timing).toEqual({
      mode: 'realistic',
      firstTokenTimeoutMs: 100_000,
      generationTimeoutMs: 300_000,
    });
    expect(readServeConfig(write('b.json', { timing: { mode: 'instant', firstTokenTimeoutMs: 5000 } }), dir)?.timing).toMatchObject({
      mode: 'instant',
      firstTokenTimeoutMs: 5000,
    });
    expect(readServeConfig(write('c.json', { timing: 'realistic' }), dir)?.timing).toBe('realistic');
  });

  test('a mistake inside the object is named where it is', () => {
    expect(() => readServeConfig(write('d.json', { timing: { mode: 'fast' } }), dir)).toThrow(/timing\.mode: must be one of "instant", "realistic"/);
    expect(() => readServeConfig(write('e.json', { timing: { mode: 'realistic', firstTokenTimeout: 5 } }), dir)).toThrow(
      /timing\.firstTokenTimeout: unknown property/,
    );
    expect(() => readServeConfig(write('f.json', { timing: 'slowly' }), dir)).toThrow(/timing: must be one of "instant", "realistic"/);
    expect(() => readServeConfig(write('g.json', { timing: 5 }), dir)).toThrow(/\{"mode": "realistic"\}/);
  });

  test('keys and scripts files named by the config are credited to themselves', () => {
    writeFileSync(join(dir, 'keys.json'), JSON.stringify({ keys: [{ key: 'sk-from-keys-file-1' }] }));
    const config = readServeConfig(write('h.json', { keys: 'keys.json', scripts: [{ match: { input: 'x' }, reply: { type: 'text', text: 'y' } }] }), dir);
    expect(config?.keysFrom).toBe(join(dir, 'keys.json'));
    expect(config?.scriptsFrom).toBe(join(dir, 'h.json'));
  });
});
