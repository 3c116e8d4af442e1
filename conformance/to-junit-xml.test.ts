import { describe, expect, it } from 'vitest';
import { junitWriterMissing, toJunitXml } from './to-junit-xml.ts';
import type { ConformanceReport } from './report.ts';

const result = { rules: [], source: 'spec' as const, paid: 0, durationMs: 1250 };

describe('toJunitXml', () => {
  it('writes one test case per check with its time, failures, errors, inconclusive and skips', () => {
    const report: ConformanceReport = {
      seed: 1,
      target: { baseUrl: 'http://x/api/v1', simulator: false, model: 'm', includeVideos: false },
      preflight: { ok: true, steps: [] },
      checks: [
        { ...result, id: 'auth.missing-key', spec: 'spec 5.2', title: 'no key', status: 'passed', requests: 1 },
        {
          ...result,
          id: 'stream.grammar',
          spec: 'spec 6',
          title: 'grammar <&>',
          status: 'failed',
          reason: 'no terminal',
          requests: 1,
          replay: { seed: 1, command: 'gatewaykit conform --only stream.grammar --seed 1' },
        },
        { ...result, id: 'errors.retry-after', spec: 'spec 7', title: 'retry', status: 'skipped', reason: 'needs the simulator', requests: 0 },
        {
          ...result,
          id: 'stream.sequence',
          spec: 'spec 6',
          title: 'seq',
          status: 'inconclusive',
          reason: 'not an event stream',
          owner: 'stream.content-type',
          requests: 0,
        },
        { ...result, id: 'result.shape', spec: 'spec 2.2', title: 'shape', status: 'error', reason: 'connection refused', requests: 1 },
      ],
      summary: {
        total: 5,
        passed: 1,
        failed: 1,
        skipped: 1,
        error: 1,
        inconclusive: 1,
        advice: 0,
        ok: false,
        strict: false,
        requests: 2,
        budget: { limit: 1, used: 1, smallest: 1 },
        spend: { limit: 1, used: 0.001, unpriced: 0 },
        retries: 0,
        durationMs: 5,
        statement: 'does not conform',
        areas: [],
        unprobedRules: [],
      },
    };
    const xml = toJunitXml(report);
    expect(xml).toContain('tests="5" failures="1" errors="2" skipped="1"');
    expect(xml).toContain('classname="conformance.stream"');
    expect(xml).toContain('time="1.25"');
    expect(xml).toContain('grammar &lt;&amp;> (spec 6)');
    expect(xml).toContain('<failure message="no terminal" type="ConformanceFailure"><![CDATA[replay: gatewaykit conform');
    expect(xml).toContain('owned by: stream.content-type');
    // A second report does not carry the first one's cases (no shared builder).
    expect(toJunitXml({ ...report, checks: report.checks.slice(0, 1) })).toContain('tests="1"');
  });

  it('without its optional package says which one and how to install it, and the installed one is found', () => {
    const report: ConformanceReport = {
      seed: 1,
      target: { baseUrl: 'http://x/api/v1', simulator: false, model: 'm', includeVideos: false },
      preflight: { ok: true, steps: [] },
      checks: [],
      summary: {
        total: 0,
        passed: 0,
        failed: 0,
        skipped: 0,
        error: 0,
        inconclusive: 0,
        advice: 0,
        ok: true,
        strict: false,
        requests: 0,
        budget: { limit: 1, used: 0, smallest: 1 },
        spend: { limit: 1, used: 0, unpriced: 0 },
        retries: 0,
        durationMs: 0,
        statement: '',
        areas: [],
        unprobedRules: [],
      },
    };
    const missing = (id: string) => {
      throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
    };
    const message =
      'needs the optional package junit-report-builder to write a JUnit XML report, which is not installed: run `npm install junit-report-builder`';
    expect(junitWriterMissing(missing)).toBe(message);
    expect(() => toJunitXml(report, missing)).toThrow(`toJunitXml ${message}`);
    expect(junitWriterMissing()).toBeUndefined();
  });
});
