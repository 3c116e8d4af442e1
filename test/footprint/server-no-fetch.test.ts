import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./server-no-fetch-child.ts', import.meta.url));

describe("footprint: the node:http server never loads Node's Fetch", () => {
  it('answers JSON, a stream, a multipart upload and an error over a socket without undici; gateway.fetch still answers instanceof Response', () => {
    // The child resolves `gatewaykit` to the sources through the package's own export condition.
    const out = execFileSync(process.execPath, ['--conditions=gatewaykit-source', '--import', 'tsx', CHILD], { encoding: 'utf8', timeout: 30_000 });
    const seen = JSON.parse(out.trim().split('\n').pop()!) as {
      atListen: boolean;
      statuses: number[];
      afterRequests: boolean;
      inProcess: { status: number; isResponse: boolean; headersAreHeaders: boolean };
    };
    expect(seen.statuses).toEqual([200, 200, 200, 200, 401]);
    expect(seen.atListen).toBe(false);
    expect(seen.afterRequests).toBe(false);
    expect(seen.inProcess).toEqual({ status: 200, isResponse: true, headersAreHeaders: true });
  });
});
