import { describe, expect, it } from 'vitest';
import { toJunitXml } from './to-junit-xml.ts';
import type { ConformanceReport } from './report.ts';

describe('toJunitXml', () => {
  it('writes one test case per check, with failures and skips', () => {
    const report: ConformanceReport = {
      seed: 1,
      target: { baseUrl: 'http://x/api/v1', simulator: false, model: 'm' },
      checks: [
        { id: 'auth.missing-key', spec: 'spec 5.2', title: 'no key', status: 'passed', requests: 1 },
        { id: 'stream.grammar', spec: 'spec 6', title: 'grammar <&>', status: 'failed', reason: 'no terminal', requests: 1, replay: { seed: 1, command: 'gatewaykit conform --only stream.grammar --seed 1' } },
        { id: 'errors.retry-after', spec: 'spec 7', title: 'retry', status: 'skipped', reason: 'needs the simulator', requests: 0 },
      ],
      summary: { total: 3, passed: 1, failed: 1, skipped: 1, ok: false, requests: 2, budget: { limit: 1, used: 1 }, retries: 0 },
    };
    const xml = toJunitXml(report);
    expect(xml).toContain('tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('classname="conformance.stream"');
    expect(xml).toContain('grammar &lt;&amp;> (spec 6)');
    expect(xml).toContain('<failure message="no terminal" type="ConformanceFailure"><![CDATA[replay: gatewaykit conform');
    expect(xml).toContain('--only stream.grammar --seed 1');
    // A second report does not carry the first one's cases (no shared builder).
    expect(toJunitXml({ ...report, checks: report.checks.slice(0, 1) })).toContain('tests="1"');
  });
});
