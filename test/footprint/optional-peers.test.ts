import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./optional-peers-child.ts', import.meta.url));

describe('footprint: optional peers that are not installed', () => {
  it('a regex script and `conform --junit` say which package they need and how to install it; the rest works', () => {
    const out = execFileSync(process.execPath, ['--conditions=gatewaykit-source', '--import', 'tsx', CHILD], { encoding: 'utf8', timeout: 30_000 });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as { regexRefused: string; plainScriptAnswer: string; conformExit: number; conformError: string };
    expect(seen.regexRefused).toMatch(
      /match\.input\.regex: needs the optional package recheck \(the ReDoS checker\) to accept a regex, which is not installed: run `npm install recheck`/,
    );
    expect(seen.plainScriptAnswer).toBe('Sunny.');
    expect(seen.conformExit).toBe(2);
    expect(seen.conformError).toBe(
      'gatewaykit conform: --junit needs the optional package junit-report-builder to write a JUnit XML report, which is not installed: run `npm install junit-report-builder`',
    );
  });
});
