import type { Builder } from 'junit-report-builder';
import { nodeRequire, requireOptionalPeer, type OptionalPeer, type RequireModule } from '../src/env/require-optional-peer.ts';
import type { ConformanceReport } from './report.ts';

/**
 * junit-report-builder, an optional peer (with lodash it is some 8 MB that only JUnit output
 * needs), loaded on the first report written. Its CommonJS file sets module.exports to the builder
 * itself; the types declare an ES default export.
 */
function loadJunit(load: RequireModule | undefined): OptionalPeer<Builder> {
  const peer = requireOptionalPeer<Builder | { default: Builder }>('junit-report-builder', 'to write a JUnit XML report', load);
  if (!peer.ok) return peer;
  const m = peer.module as Builder & { default?: Builder };
  return { ok: true, module: m.default ?? m };
}

/**
 * Why {@link toJunitXml} cannot write a report here (its optional package is not installed), or
 * undefined when it can. The CLI asks before a run, so a missing package is said up front.
 *
 * @example
 * junitWriterMissing(); // undefined, or 'needs the optional package junit-report-builder ...'
 */
export function junitWriterMissing(load = nodeRequire()): string | undefined {
  const peer = loadJunit(load);
  return peer.ok ? undefined : (peer.missing ?? 'needs Node.js to write a JUnit XML report');
}

/**
 * The report as JUnit XML (one test suite, one test case per check, class name = the check's
 * group, `time` = the check's wall time in seconds) for CI dashboards. `failed` is a failure;
 * `error` and `inconclusive` are errors; `skipped` is skipped; advice (an inferred rule failed) is
 * a pass with the advice on standard output unless the run was strict. Uses a fresh builder each
 * time: the package's default export is a shared instance. Needs the optional package
 * junit-report-builder: without it, throws an Error saying how to install it (see
 * {@link junitWriterMissing} to ask first).
 *
 * @example
 * writeFileSync('conformance.xml', toJunitXml(report));
 */
export function toJunitXml(report: ConformanceReport, load = nodeRequire()): string {
  const junit = loadJunit(load);
  if (!junit.ok) throw new Error(`toJunitXml ${junit.missing ?? 'needs Node.js to write a JUnit XML report'}`);
  const builder = junit.module.newBuilder();
  const suite = builder.testSuite().name(`gatewaykit conformance ${report.target.baseUrl} (seed ${report.seed})`);
  if (!report.preflight.ok) {
    suite
      .testCase()
      .className('conformance.preflight')
      .name('preflight')
      .error(report.preflight.cause ?? 'preflight failed', 'CouldNotTest');
    return builder.build();
  }
  for (const check of report.checks) {
    const testCase = suite
      .testCase()
      .className(`conformance.${check.id.split('.')[0]}`)
      .name(`${check.id}: ${check.title} (${check.spec})`)
      .time(check.durationMs / 1000);
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
    if (check.reason && (check.status === 'passed' || check.status === 'skipped' || advice))
      testCase.standardOutput(advice ? `advice: ${check.reason}` : check.reason);
  }
  return builder.build();
}
