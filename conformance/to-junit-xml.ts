import junitModule, { type Builder } from 'junit-report-builder';
import type { ConformanceReport } from './report.ts';

// The types declare an ES default export; the CommonJS file sets module.exports to the builder itself.
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;

/**
 * The report as JUnit XML (one test suite, one test case per check, class name = the check's
 * group, `time` = the check's wall time in seconds) for CI dashboards. `failed` is a failure;
 * `error` and `inconclusive` are errors; `skipped` is skipped; advice (an inferred rule failed) is
 * a pass with the advice on standard output unless the run was strict. Uses a fresh builder each
 * time: the package's default export is a shared instance.
 *
 * @example
 * writeFileSync('conformance.xml', toJunitXml(report));
 */
export function toJunitXml(report: ConformanceReport): string {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`gatewaykit conformance ${report.target.baseUrl} (seed ${report.seed})`);
  if (!report.preflight.ok) {
    suite.testCase().className('conformance.preflight').name('preflight').error(report.preflight.cause ?? 'preflight failed', 'CouldNotTest');
    return builder.build();
  }
  for (const check of report.checks) {
    const testCase = suite.testCase().className(`conformance.${check.id.split('.')[0]}`).name(`${check.id}: ${check.title} (${check.spec})`).time(check.durationMs / 1000);
    const details = [
      check.owner ? `owned by: ${check.owner}` : '',
      check.counterexample ? `counterexample: ${JSON.stringify(check.counterexample)}` : '',
      check.observed ? `observed: HTTP ${check.observed.status} ${JSON.stringify(check.observed.headers)}\n${check.observed.bodyExcerpt}` : '',
      check.replay ? `replay: ${check.replay.command}` : '',
      check.curl ? `curl: ${check.curl}` : '',
    ].filter(Boolean);
    const advice = check.status === 'failed' && check.source === 'inferred' && !report.summary.strict;
    if (check.status === 'skipped') testCase.skipped();
    else if (check.status === 'failed' && !advice) {
      testCase.failure(check.reason ?? 'failed', 'ConformanceFailure');
      testCase.stacktrace(details.join('\n'));
    } else if (check.status === 'error' || check.status === 'inconclusive') {
      testCase.error(check.reason ?? check.status, check.status === 'error' ? 'TransportError' : 'Inconclusive', details.join('\n'));
    }
    if (check.reason && (check.status === 'passed' || check.status === 'skipped' || advice)) testCase.standardOutput(advice ? `advice: ${check.reason}` : check.reason);
  }
  return builder.build();
}
