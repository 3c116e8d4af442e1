import { describe, expect, test } from 'vitest';
import { body, catalog, HEADERS } from './support/pace-model.ts';

// A child process running the sources through tsx: with the other processes in the e2e project.
describe('timing: a process waiting on a realistic answer stays alive', () => {
  test('a plain script awaiting gateway.fetch with realistic timing on the system clock gets its answer', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const source = new URL('../src/gateway/create-gateway.ts', import.meta.url).href;
    const script = `
      const { createGateway } = await import(${JSON.stringify(source)});
      const gateway = createGateway({ timing: 'realistic', catalog: ${JSON.stringify(catalog(0.2, 400))} });
      const res = await gateway.fetch('/responses', { method: 'POST', headers: ${JSON.stringify(HEADERS)}, body: ${JSON.stringify(body())} });
      console.log('status', res.status);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 240_000 });
    expect(stdout).toContain('status 200');
    // A child process under tsx: a bound against a hang, generous for a loaded machine.
  }, 300_000);
});
