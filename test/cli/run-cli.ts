import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The repository's bin, run as users run it (`gatewaykit ...`): the sources through tsx. */
export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'gatewaykit.js');

export interface CliRun {
  readonly child: ChildProcess;
  /** Exit code once the process ends (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  out(): string;
  err(): string;
  /** Resolves with the base URL from the "listening on" line; rejects if the process exits first. */
  listening(): Promise<string>;
  /** Resolves once standard output matches `pattern`; rejects if the process exits first. */
  waitForOutput(pattern: RegExp): Promise<RegExpExecArray>;
  /** SIGTERM (default) and wait for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface RunCliOptions {
  /**
   * Start the repository's bin (the sources through tsx, as a user of a checkout does) instead of
   * the CLI bundled once for this test run (test/setup/child-bundles.ts: the same sources and
   * transform, started in a third of the time).
   */
  readonly viaBin?: boolean;
}

/** Spawn `gatewaykit <args>` and collect its output. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env, options: RunCliOptions = {}): CliRun {
  const entry = options.viaBin ? BIN : inject('cliBundle');
  const child = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForOutput = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out);
        if (m) {
          child.stdout?.off('data', check);
          resolve(m);
        }
      };
      child.stdout?.on('data', check);
      check();
      void exited.then((code) => reject(new Error(`gatewaykit exited (${code}) before printing ${pattern}: ${err}`)));
    });
  return {
    child,
    exited,
    out: () => out,
    err: () => err,
    waitForOutput,
    listening: async () => (await waitForOutput(/listening on (\S+)/))[1] as string,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
