import { setFlagsFromString } from 'node:v8';

/**
 * How much bytecode a function runs before V8 compiles it with its optimising compiler, in a short
 * run: eight times V8's default of 66 KiB (Node 20).
 */
export const SHORT_RUN_INTERRUPT_BUDGET = 8 * 66 * 1024;

/**
 * Tunes V8 for a process that runs for a second or two and exits, as `gatewaykit conform` does
 * against the simulator. With V8's defaults such a run spent a third of its CPU optimising
 * functions that had run only a few hundred times (some twice, after a deoptimisation), on
 * background threads that took the cores the gateway under test needed. With a larger budget only
 * code that really runs hot is optimised, and the rest stays in the baseline tiers.
 *
 * Not for a server: a function called once per request then waits eight times as many requests
 * to be optimised, and a server under a long load paid about a tenth more CPU per request.
 * V8's flags are process-wide, so only a CLI command, which owns its process, calls this; a
 * library function (`runConformance` inside a test runner) leaves them alone. A budget given to
 * node itself (`node --interrupt-budget=N`, or in NODE_OPTIONS) is kept.
 *
 * @example
 * tuneV8ForShortRun(); // at the start of `gatewaykit conform`
 */
export function tuneV8ForShortRun(
  setFlags: (flags: string) => void = setFlagsFromString,
  given: { execArgv: readonly string[]; nodeOptions: string | undefined } = { execArgv: process.execArgv, nodeOptions: process.env.NODE_OPTIONS },
): void {
  const chosen = [...given.execArgv, ...(given.nodeOptions ?? '').split(/\s+/)].some((flag) => /^--interrupt[-_]budget(=|$)/.test(flag));
  if (!chosen) setFlags(`--interrupt-budget=${SHORT_RUN_INTERRUPT_BUDGET}`);
}
