import junitModule, { type Builder } from 'junit-report-builder';

// The types declare an ES default export; the CommonJS file sets module.exports to the builder itself.
const junit = ((junitModule as unknown as { default?: Builder }).default ?? junitModule) as unknown as Builder;
import type { ConformanceReport } from './report.ts';

/**
 * The report as JUnit XML (one test suite, one test case per check; class name = the check's
 * group) for CI dashboards. Uses a fresh builder each time: the package's default export is a
 * shared instance.
 *
 * @example
 * writeFileSync('conformance.xml', toJunitXml(report));
 */
export function toJunitXml(report: ConformanceReport): string {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`gatewaykit conformance ${report.target.baseUrl} (seed ${report.seed})`);
  for (const check of report.checks) {
    const testCase = suite.testCase().className(`conformance.${check.id.split('.')[0]}`).name(`${check.id}: ${check.title} (${check.spec})`);
    if (check.status === 'skipped') testCase.skipped();
    if (check.status === 'failed') {
      testCase.failure(check.reason ?? 'failed', 'ConformanceFailure');
      const details = [
        check.counterexample ? `counterexample: ${JSON.stringify(check.counterexample)}` : '',
        check.replay ? `replay: ${check.replay.command}` : '',
        check.curl ? `curl: ${check.curl}` : '',
      ].filter(Boolean);
      testCase.stacktrace(details.join('\n'));
    }
    if (check.reason && check.status !== 'failed') testCase.standardOutput(check.reason);
  }
  return builder.build();
}
