import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./msw-lazy-child.ts', import.meta.url));

describe('footprint: msw loads only when gateway.handlers is read', () => {
  it('importing the package and gateway.fetch leave msw unloaded; gateway.handlers loads it once', () => {
    // The child resolves `gatewaykit` to the sources through the package's own export condition.
    const out = execFileSync(process.execPath, ['--conditions=gatewaykit-source', '--import', 'tsx', CHILD], { encoding: 'utf8', timeout: 30_000 });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as {
      status: number;
      hookSawPackage: boolean;
      afterFetch: boolean;
      handlers: number;
      afterHandlers: boolean;
      same: boolean;
    };
    expect(seen.status).toBe(200);
    expect(seen.hookSawPackage).toBe(true); // the hook that would see msw imported does see imports
    expect(seen.afterFetch).toBe(false);
    expect(seen.handlers).toBeGreaterThan(2);
    expect(seen.afterHandlers).toBe(true);
    expect(seen.same).toBe(true);
  });
});
