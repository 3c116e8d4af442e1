import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_CHECKS } from '../conformance/registry.ts';
import { DEFAULT_MAX_REQUESTS, DEFAULT_MAX_SPEND, DEFAULT_RUNS, SIMULATOR_MAX_REQUESTS } from '../conformance/run-conformance.ts';
import { CONFORM_HELP } from '../src/cli/conform.ts';

/**
 * The numbers the README states that the code knows: each must be the code's, so the README
 * cannot drift (issue: it said 40 for a default of 150, 57 checks when there were 67). A count
 * nobody can keep true by hand (the number of tests) is not stated at all.
 */
const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const doc = (name: string) => readFileSync(join(root, 'docs', name), 'utf8').replace(/\s+/g, ' ');

describe('README facts come from the code', () => {
  test("the number of conformance checks is the registry's", () => {
    const stated = [...readme.matchAll(/\b(\d+) checks\b/g)].map((m) => Number(m[1]));
    expect(stated.length).toBeGreaterThan(0);
    for (const n of stated) expect(n).toBe(ALL_CHECKS.length);
  });

  test("the --max-requests defaults are the conformance runner's, in the README, the docs and --help", () => {
    const readmeDefault = /`--max-requests`, default (\d+); (\d+) against the simulator/.exec(readme);
    expect(readmeDefault?.slice(1).map(Number)).toEqual([DEFAULT_MAX_REQUESTS, SIMULATOR_MAX_REQUESTS]);
    expect(doc('conformance.md')).toContain(`default ${DEFAULT_MAX_REQUESTS}, ${SIMULATOR_MAX_REQUESTS} against the simulator`);
    expect(doc('cli.md')).toContain(`| \`--max-requests N\` | ${DEFAULT_MAX_REQUESTS} (${SIMULATOR_MAX_REQUESTS} against the simulator) |`);
    expect(CONFORM_HELP.replace(/\s+/g, ' ')).toContain(`(default ${DEFAULT_MAX_REQUESTS}; ${SIMULATOR_MAX_REQUESTS} against the simulator; 0 sends none)`);
    expect(CONFORM_HELP).toContain(`runs per property (default ${DEFAULT_RUNS})`);
  });

  test("the --max-spend default is the conformance runner's, in the README, the docs and --help", () => {
    expect(readme).toContain(`\`--max-spend\` (default $${DEFAULT_MAX_SPEND})`);
    expect(doc('conformance.md')).toContain(`\`--max-spend USD\`, default $${DEFAULT_MAX_SPEND}; no cap`);
    expect(doc('cli.md')).toContain(`| \`--max-spend USD\` | ${DEFAULT_MAX_SPEND} (no cap against the simulator) |`);
    expect(CONFORM_HELP.replace(/\s+/g, ' ')).toContain(`(default $${DEFAULT_MAX_SPEND}; no cap against the simulator)`);
  });

  test('no test count is stated (it would need editing by hand on every change)', () => {
    expect(readme).not.toMatch(/\b\d[\d,]* tests\b/);
  });

  test("the Node version is the package's engines range", () => {
    const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=20.19');
    expect(readme).toContain('Requires Node.js 20.19 or later.');
  });

  test('the conformance recipe runs the simulator on its virtual clock and stops what it started', () => {
    const start = readme.indexOf('## Conformance ```bash');
    const recipe = readme.slice(start, readme.indexOf('```', start + 20));
    expect(recipe).toMatch(/gatewaykit serve [^&]*--clock virtual &/);
    // npx does not pass a signal on to the server it started: the control API stops it.
    expect(recipe).toContain("curl -s -X POST -H 'content-type: application/json' http://127.0.0.1:8080/__gatewaykit/shutdown");
    expect(recipe).toContain('gatewaykit conform --base-url http://127.0.0.1:8080/api/v1 --api-key sk-gw-test');
  });
});
