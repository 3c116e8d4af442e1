import { setFlagsFromString } from 'node:v8';

/**
 * How much bytecode a function runs before V8 compiles it with its optimising compiler, for a
 * short process: eight times V8's default of 66 KiB (Node 20).
 */
export const SHORT_RUN_INTERRUPT_BUDGET = 8 * 66 * 1024;

/**
 * Tunes V8 for a process that runs for a second or two and then exits, as `gatewaykit conform`
 * does against the simulator. With V8's defaults, such a run spends a third or more of its CPU
 * optimising functions that have run only a few hundred times, some of them twice after a
 * deoptimisation, on background threads that compete with the gateway under test for the cores.
 * With a larger budget only the code that really runs hot is optimised, and the rest stays in
 * the baseline tiers. A long run still optimises its hot code; only later.
 *
 * V8's flags are process-wide, so only a command that owns its process calls this, never a
 * library function (`runConformance` inside a test runner leaves them alone).
 *
 * @example
 * tierForShortRun(); // at the start of `gatewaykit conform`
 */
export function tierForShortRun(setFlags: (flags: string) => void = setFlagsFromString): void {
  setFlags(`--interrupt-budget=${SHORT_RUN_INTERRUPT_BUDGET}`);
}
