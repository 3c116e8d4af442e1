import { setFlagsFromString } from 'node:v8';

/** The V8 whose tiers the tuning below was measured on (Node 20). Any other keeps its defaults. */
const MEASURED_V8 = /^11\.3\./;

/** Eight times V8 11.3's interrupt budget (66 KiB): only code that really runs hot is optimised. */
export const SHORT_RUN_INTERRUPT_BUDGET = 8 * 66 * 1024;

/** What a command knows of its process: node's own flags, and which V8 runs it. */
export interface V8Host {
  readonly execArgv: readonly string[];
  readonly nodeOptions: string | undefined;
  readonly v8Version: string;
  readonly setFlags: (flags: string) => void;
}

const thisProcess = (): V8Host => ({
  execArgv: process.execArgv,
  nodeOptions: process.env.NODE_OPTIONS,
  v8Version: process.versions.v8,
  setFlags: setFlagsFromString,
});

/** Whether to tune: on the measured V8, unless node was given a budget of its own (that is kept). */
function tunable(host: V8Host): boolean {
  const given = [...host.execArgv, ...(host.nodeOptions ?? '').split(/\s+/)].some((flag) => /^--interrupt[-_]budget(=|$)/.test(flag));
  return !given && MEASURED_V8.test(host.v8Version);
}

/**
 * Tunes V8 for a process that runs for a second or two and exits, as `gatewaykit conform` does
 * against the simulator: the interrupt budget, the bytecode a function runs before V8 optimises
 * it, goes up eightfold. With V8's defaults such a short run spends much of its CPU optimising
 * functions that run only a few hundred times, on background threads that take the cores the
 * gateway under test needs.
 *
 * Not for `gatewaykit serve`: a function called once per request then waits eight times as many
 * requests to be optimised, and a server under a long load paid about a tenth more per request;
 * putting the default back after the first requests does not help soon, as each function keeps
 * the budget it was given until it has run it out.
 *
 * V8's flags are process-wide, so only a CLI command, which owns its process, calls this; a
 * library function (`runConformance` inside a test runner) leaves them alone. A budget given to
 * node itself (`node --interrupt-budget=N`, or in NODE_OPTIONS) is kept, and a V8 other than the
 * one this was measured on (Node 20's) keeps its defaults.
 *
 * @example
 * tuneV8ForShortRun(); // at the start of `gatewaykit conform`
 */
export function tuneV8ForShortRun(host: V8Host = thisProcess()): void {
  if (tunable(host)) host.setFlags(`--interrupt-budget=${SHORT_RUN_INTERRUPT_BUDGET}`);
}
