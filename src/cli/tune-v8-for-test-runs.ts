import { setFlagsFromString } from 'node:v8';

/**
 * How much bytecode a function runs before V8 compiles it with its optimising compiler, for a
 * process that serves test runs: eight times V8's default of 66 KiB (Node 20).
 */
export const TEST_RUN_INTERRUPT_BUDGET = 8 * 66 * 1024;

/**
 * Tunes V8 for the work the CLI's processes do: `gatewaykit conform` runs for a second or two
 * against the simulator and exits; `gatewaykit serve` mostly answers test runs, a few thousand
 * requests of many different shapes. With V8's defaults such a run spends a third or more of its
 * CPU optimising functions that have run only a few hundred times (some twice, after a
 * deoptimisation), on background threads that take the cores the other side of the run needs.
 * With a larger budget only code that really runs hot is optimised, and the rest stays in the
 * baseline tiers. A long load still has its hot path optimised, within its first second.
 *
 * V8's flags are process-wide, so only a CLI command, which owns its process, calls this; a
 * library function (`runConformance` or `startServer` inside a test runner) leaves them alone. A
 * budget given to node itself (`node --interrupt-budget=N`, or in NODE_OPTIONS) is kept.
 *
 * @example
 * tuneV8ForTestRuns(); // at the start of `gatewaykit conform` and `gatewaykit serve`
 */
export function tuneV8ForTestRuns(
  setFlags: (flags: string) => void = setFlagsFromString,
  given: { execArgv: readonly string[]; nodeOptions: string | undefined } = { execArgv: process.execArgv, nodeOptions: process.env.NODE_OPTIONS },
): void {
  const chosen = [...given.execArgv, ...(given.nodeOptions ?? '').split(/\s+/)].some((flag) => /^--interrupt[-_]budget(=|$)/.test(flag));
  if (!chosen) setFlags(`--interrupt-budget=${TEST_RUN_INTERRUPT_BUDGET}`);
}
