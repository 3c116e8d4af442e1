import { clockAdvice } from './clock-advice.ts';
import { elide, elideJson } from './elide.ts';
import type { CheckResult, ConformanceReport } from './report.ts';
import { RULES } from './rules/rule-catalogue.ts';
import type { Check } from './check.ts';

const MARK = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP', error: 'ERROR', inconclusive: 'INCONCLUSIVE' } as const;

function mark(result: CheckResult): string {
  return result.status === 'failed' && result.source === 'inferred' ? 'ADVICE' : MARK[result.status];
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;
}

/** One progress line for a finished check. */
export function formatCheckLine(result: CheckResult, index: number, total: number): string {
  const width = String(total).length;
  const owner = result.owner ? ` (precondition owned by ${result.owner})` : '';
  const strength = result.probed
    ? `${result.probed.examples} answer${result.probed.examples === 1 ? '' : 's'} judged; probed ${result.probed.rules.join(', ')}`
    : '';
  const passNote = [strength, result.reason ?? ''].filter((t) => t !== '').join('; ');
  const broken = result.broken ? ` [breaks ${result.broken.join(', ')}]` : '';
  const note =
    result.status === 'passed'
      ? passNote
        ? `  (${elide(passNote, 300)})`
        : ''
      : `  ${elide(result.reason ?? '', 400)}${owner}${result.status === 'failed' ? broken : ''}`;
  return `[${String(index + 1).padStart(width)}/${total}] ${mark(result)} ${result.id} ${seconds(result.durationMs)}${note}`;
}

/** The lines that show one non-passing check in detail. */
function detail(c: CheckResult): string[] {
  const lines = [`${mark(c)} ${c.id} (${c.spec}; rules ${c.rules.join(', ')}): ${c.title}`, `  why:            ${elide(c.reason ?? '')}`];
  if (c.broken) lines.push(`  breaks:         ${c.broken.join(', ')}`);
  if (c.owner) lines.push(`  owned by:       ${c.owner} (its rule is the precondition that did not hold)`);
  if (c.counterexample) lines.push(`  counterexample: ${elideJson(c.counterexample)}${c.shrinks !== undefined ? ` (after ${c.shrinks} shrinks)` : ''}`);
  if (c.observed) {
    const headers = Object.entries(c.observed.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    lines.push(`  observed:       HTTP ${c.observed.status}; ${elide(headers, 400)}`, `  body:           ${elide(c.observed.bodyExcerpt)}`);
  }
  if (c.replay) lines.push(`  replay:         ${c.replay.command}`);
  if (c.curl) lines.push(`  curl:           ${elide(c.curl)}`);
  return lines;
}

/**
 * What the paid requests weighed at their worst-case price, and the smallest budget that probes
 * every rule of the selection (the request budget; its cost is what the run's own spend shows when
 * run at that budget).
 */
export function budgetLine(s: ConformanceReport['summary']): string {
  const cap = s.spend.limit === null ? 'no cap' : `$${s.spend.limit} allowed (--max-spend)`;
  const unpriced = s.spend.unpriced > 0 ? ` (${s.spend.unpriced} paid request${s.spend.unpriced === 1 ? '' : 's'} the target lists no price for)` : '';
  return `Budget: paid requests weighed at their worst-case price $${s.spend.used.toFixed(6)}${unpriced}, ${cap}; every rule is probed from --max-requests ${s.budget.smallest}`;
}

/**
 * The end-of-run text: a table of every check (result, requests, paid, time), then each failure,
 * error and inconclusive check with its reason, counterexample, observed answer, replay command
 * and curl (payloads over 1 KB elided), then the advice (inferred rules), then the summary.
 *
 * @example
 * console.log(formatReport(report));
 */
export function formatReport(report: ConformanceReport): string {
  if (!report.preflight.ok) return `\ncould not test ${report.target.baseUrl}: ${report.preflight.cause ?? 'preflight failed'}`;
  const idWidth = Math.max(5, ...report.checks.map((c) => c.id.length));
  const lines = [
    '',
    `${'check'.padEnd(idWidth)}  result        requests  paid  time`,
    `${'-'.repeat(idWidth)}  ------------  --------  ----  ------`,
    ...report.checks.map(
      (c) =>
        `${c.id.padEnd(idWidth)}  ${mark(c).padEnd(12)}  ${String(c.requests).padStart(8)}  ${String(c.paid).padStart(4)}  ${seconds(c.durationMs).padStart(6)}`,
    ),
  ];
  const shown = report.checks.filter((c) => (c.status === 'failed' && c.source !== 'inferred') || c.status === 'error' || c.status === 'inconclusive');
  for (const c of shown) lines.push('', ...detail(c));
  const advice = report.checks.filter((c) => c.status === 'failed' && c.source === 'inferred');
  if (advice.length > 0) {
    lines.push('', `Advice (inferred rules; they fail the run only with --strict):`);
    for (const c of advice) lines.push('', ...detail(c));
  }
  const s = report.summary;
  lines.push(
    '',
    `${s.passed} passed, ${s.failed} failed, ${s.error} error, ${s.inconclusive} inconclusive, ${s.skipped} skipped, ${s.advice} advice of ${s.total} checks in ${seconds(s.durationMs)}; ` +
      `${s.requests} requests, ${s.budget.used}/${s.budget.limit} to paid operations${s.retries ? `, ${s.retries} retries` : ''}; seed ${report.seed}`,
    budgetLine(s),
  );
  // How strong the verdicts are: by area, the rules never probed, then one statement.
  const count = (n: number, word: string) => (n > 0 ? [`${n} ${word}`] : []);
  lines.push('', 'By area:');
  for (const a of s.areas) {
    const parts = [
      ...count(a.passed, 'passed'),
      ...count(a.failed, 'failed'),
      ...count(a.advice, 'advice'),
      ...count(a.error, 'error'),
      ...count(a.inconclusive, 'inconclusive'),
      ...count(a.skipped, 'skipped'),
    ];
    lines.push(`  ${a.area.padEnd(12)} ${parts.join(', ')}`);
  }
  if (s.unprobedRules.length > 0) lines.push('', `Rules never probed (${s.unprobedRules.length}): ${s.unprobedRules.join(', ')}`);
  lines.push('', `Conformance: ${s.statement}.`);
  const clockNote = clockAdvice(report.target);
  if (clockNote) lines.push('', clockNote);
  return lines.join('\n');
}

/**
 * `gatewaykit conform --list`: every rule (id, spec section, source, text) and the checks that judge it.
 *
 * @example
 * console.log(formatRuleList(ALL_CHECKS));
 */
export function formatRuleList(checks: readonly Check[]): string {
  const lines: string[] = [];
  for (const source of ['spec', 'reference', 'inferred'] as const) {
    lines.push('', source === 'inferred' ? 'Inferred rules (advice; they fail a run only with --strict):' : `Rules from the ${source}:`);
    for (const rule of RULES.filter((r) => r.source === source)) {
      const by = checks.filter((c) => c.rules.includes(rule.id)).map((c) => c.id);
      lines.push(`  ${rule.id}  (section ${rule.section}; checked by ${by.join(', ') || 'no check'})`, `      ${rule.text}`);
    }
  }
  return lines.join('\n').trimStart();
}
