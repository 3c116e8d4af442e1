import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./recheck-lazy-child.ts', import.meta.url));

describe('footprint: the ReDoS checker loads only when a regex is checked', () => {
  it('importing the package and plain-string scripts leave recheck unloaded; the first regex loads it and still refuses a catastrophic one', () => {
    // The child resolves `gatewaykit` to the sources through the package's own export condition.
    const out = execFileSync(process.execPath, ['--conditions=gatewaykit-source', '--import', 'tsx', CHILD], { encoding: 'utf8', timeout: 30_000 });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as { afterImport: boolean; afterPlain: boolean; afterRegex: boolean; refused: string };
    expect(seen.afterImport).toBe(false);
    expect(seen.afterPlain).toBe(false);
    expect(seen.afterRegex).toBe(true);
    expect(seen.refused).toMatch(/match\.input\.regex: can take exponential time/);
  });
});
