import type { CheckResult, ConformanceReport } from './report.ts';

const MARK = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' } as const;

/** One progress line for a finished check. */
export function formatCheckLine(result: CheckResult, index: number, total: number): string {
  const width = String(total).length;
  const note = result.status === 'passed' ? (result.reason ? `  (${result.reason})` : '') : `  ${result.reason ?? ''}`;
  return `[${String(index + 1).padStart(width)}/${total}] ${MARK[result.status]} ${result.id}${note}`;
}

/**
 * The end-of-run text: a table of every check, then each failure with its counterexample, replay
 * command and curl, then the summary.
 *
 * @example
 * console.log(formatReport(report));
 */
export function formatReport(report: ConformanceReport): string {
  const idWidth = Math.max(5, ...report.checks.map((c) => c.id.length));
  const specWidth = Math.max(4, ...report.checks.map((c) => c.spec.length));
  const lines = [
    '',
    `${'check'.padEnd(idWidth)}  ${'spec'.padEnd(specWidth)}  result  requests`,
    `${'-'.repeat(idWidth)}  ${'-'.repeat(specWidth)}  ------  --------`,
    ...report.checks.map((c) => `${c.id.padEnd(idWidth)}  ${c.spec.padEnd(specWidth)}  ${MARK[c.status].padEnd(6)}  ${c.requests}`),
  ];
  for (const c of report.checks.filter((x) => x.status === 'failed')) {
    lines.push('', `FAIL ${c.id} (${c.spec}): ${c.title}`, `  why:            ${c.reason ?? ''}`);
    if (c.counterexample) lines.push(`  counterexample: ${JSON.stringify(c.counterexample)}${c.shrinks !== undefined ? ` (after ${c.shrinks} shrinks)` : ''}`);
    if (c.replay) lines.push(`  replay:         ${c.replay.command}`);
    if (c.curl) lines.push(`  curl:           ${c.curl}`);
  }
  const s = report.summary;
  lines.push(
    '',
    `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped of ${s.total} checks; ${s.requests} requests, ` +
      `${s.budget.used}/${s.budget.limit} paid${s.retries ? `, ${s.retries} retries after 429` : ''}; seed ${report.seed}`,
  );
  return lines.join('\n');
}
