import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A gatewaykit server started the way a source checkout runs it: `npm start`. */
export interface StartedServer {
  /** The base URL from its "listening" line. */
  readonly url: string;
  readonly process: ChildProcess;
  /** Milliseconds from spawn to the "listening" line. */
  readonly startMs: number;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The node flags the start script of the checkout at `root` gives (`node FLAGS scripts/start.mjs serve`). */
export function startScriptFlags(root = ROOT): string[] {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(words.indexOf('node') + 1, words.indexOf('scripts/start.mjs'));
}

/**
 * What `npm start` runs (`node FLAGS scripts/start.mjs serve`, from package.json's start script,
 * its node flags read from there), spawned directly so the measured process is the
 * server itself and not npm's shell around it.
 *
 * @example
 * const server = await startFromSource(['--port', '0']);
 */
export function startFromSource(args: string[] = ['--port', '0']): Promise<StartedServer> {
  // The bundle of the sources as they are, as `npm start` runs it with no change since its last
  // start (after a change a start runs the per-file build and rebuilds the bundle in the background).
  execFileSync(process.execPath, [`${ROOT}scripts/start-bundle.mjs`, 'serve'], { cwd: ROOT, stdio: 'ignore' });
  const started = performance.now();
  const child = spawn(process.execPath, [...startScriptFlags(), `${ROOT}scripts/start.mjs`, 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm start: no "listening" line within 60 s: ${seen.slice(0, 500)}`));
    }, 60_000);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before listening: ${seen.slice(0, 500)}`)));
    child.stderr.on('data', (d: Buffer) => (seen += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString();
      const url = /listening on (\S+)/.exec(seen)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      child.removeAllListeners('exit');
      resolve({
        url,
        process: child,
        startMs: performance.now() - started,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
            child.once('exit', () => {
              clearTimeout(kill);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
