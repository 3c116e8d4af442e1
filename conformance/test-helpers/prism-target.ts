import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

export interface PrismTarget {
  /** Prism's base URL, `http://127.0.0.1:<port>`: it serves the description's paths at the root. */
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Where the reference OpenAPI description is: `GATEWAYKIT_REFERENCE_OPENAPI`, else beside the
 * repository (`../shared/reference/openrouter-openapi.yaml`); undefined when neither exists (the
 * test that needs it is skipped and says so).
 */
export function referenceOpenApiPath(): string | undefined {
  const candidates = [process.env.GATEWAYKIT_REFERENCE_OPENAPI, fileURLToPath(new URL('../../../shared/reference/openrouter-openapi.yaml', import.meta.url))];
  return candidates.find((p): p is string => typeof p === 'string' && p !== '' && existsSync(p));
}

/**
 * `@stoplight/prism-cli` mocking `description` on 127.0.0.1 (`prism mock -h 127.0.0.1 -p N`), as
 * a child process. It answers every operation of the description from its examples, checks that a
 * Bearer key is present (any key) and validates request bodies against the schemas. Reading the
 * 1.3 MB description takes it tens of seconds on a busy machine.
 *
 * @example
 * const prism = await startPrism(referenceOpenApiPath()!);
 * await runConformance({ baseUrl: prism.baseUrl, apiKey: 'sk-prism' });
 */
export async function startPrism(description: string, timeoutMs = 150_000): Promise<PrismTarget> {
  const entry = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [entry, 'mock', description, '-h', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => void (output = (output + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Prism is listening')) {
    if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode}): ${output.slice(-500)}`);
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`prism did not listen within ${timeoutMs} ms: ${output.slice(-500)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Its log is not needed once it listens; keep the pipes drained.
  child.stdout?.off('data', keep);
  child.stderr?.off('data', keep);
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
