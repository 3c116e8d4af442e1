import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

export interface PortkeyTarget {
  /** Portkey's OpenAI-compatible base URL, `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** The headers Portkey needs to route to an OpenAI-compatible host (`--header` of the CLI). */
  readonly headers: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * The Portkey gateway (`@portkey-ai/gateway`, its Node build) as a child process on 127.0.0.1,
 * routing to `upstream` as a custom OpenAI-compatible host (`x-portkey-provider: openai`,
 * `x-portkey-custom-host`). Its `postinstall` (patch-package) is not needed by the Node build.
 * `NODE_ENV=production` and `--headless` keep it from opening its console UI.
 *
 * @example
 * const portkey = await startPortkey('http://127.0.0.1:8080/api/v1');
 * await runConformance({ baseUrl: portkey.baseUrl, apiKey: 'sk-gw-test', headers: portkey.headers });
 */
export async function startPortkey(upstream: string, timeoutMs = 20_000): Promise<PortkeyTarget> {
  const entry = createRequire(import.meta.url).resolve('@portkey-ai/gateway/build/start-server.js');
  const preload = fileURLToPath(new URL('./loopback-only.mjs', import.meta.url));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', preload, entry, `--port=${port}`, '--headless'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => void (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => void (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Portkey gateway exited (${child.exitCode}): ${output.slice(-500)}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`the Portkey gateway did not listen within ${timeoutMs} ms: ${output.slice(-500)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    baseUrl,
    headers: { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': upstream },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
