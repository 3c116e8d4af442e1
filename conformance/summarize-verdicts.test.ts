import { describe, expect, it } from 'vitest';
import type { CheckResult } from './report.ts';
import { summarizeVerdicts } from './summarize-verdicts.ts';

const result = (id: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({
  id,
  spec: 'spec 7',
  title: id,
  rules: [`${id}-rule`],
  source: 'spec',
  status,
  requests: 1,
  paid: 1,
  durationMs: 1,
  ...extra,
});

describe('summarizeVerdicts: one statement, the areas, the rules never probed', () => {
  it('a run where every probed rule held conforms on those, and names what it never probed', () => {
    const s = summarizeVerdicts(
      [
        result('auth.missing-key', 'passed', { rules: ['auth.no-credentials'], probed: { examples: 2, rules: ['auth.no-credentials'] } }),
        result('stream.grammar', 'passed', { rules: ['stream.grammar'], probed: { examples: 5, rules: ['stream.grammar'] } }),
        result('always.generation-id', 'passed', { rules: ['headers.generation-id'], probed: { examples: 40, rules: ['headers.generation-id'] } }),
        result('videos.lifecycle', 'skipped', { rules: ['videos.forward-only'], unprobed: ['videos.forward-only'] }),
      ],
      false,
    );
    expect(s.statement).toBe('conforms on all 3 rules probed (7 answers judged by the passing checks); 1 rule never probed');
    expect(s.unprobedRules).toEqual(['videos.forward-only']);
    expect(s.areas.map((a) => a.area)).toEqual(['auth', 'streams', 'always', 'videos']);
  });

  it('a failure counts the rules it breaks; one of inferred rules only is advice, and fails nothing without --strict', () => {
    const results = [
      result('result.status', 'failed', { rules: ['result.status-details', 'result.output-cap'], broken: ['result.output-cap'] }),
      result('result.server-tool-items', 'failed', {
        rules: ['result.server-tool-items', 'result.server-tool-called'],
        broken: ['result.server-tool-called'],
        source: 'inferred',
      }),
      result('auth.missing-key', 'passed', { rules: ['auth.no-credentials'], probed: { examples: 2, rules: ['auth.no-credentials'] } }),
    ];
    const s = summarizeVerdicts(results, false);
    expect(s.statement).toBe('does not conform: breaks 1 of 3 rules probed, holds 1 (and advice on 1 inferred); 2 rules never probed');
    expect(s.unprobedRules).toEqual(['result.server-tool-items', 'result.status-details']);
    expect(s.areas.find((a) => a.area === 'result')).toMatchObject({ failed: 1, advice: 1 });
    expect(summarizeVerdicts(results, true).areas.find((a) => a.area === 'result')).toMatchObject({ failed: 2, advice: 0 });
  });
});
