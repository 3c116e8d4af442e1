import type { AreaSummary, CheckResult } from './report.ts';

/** What the summary of a run ends with: one statement, the areas, the rules never probed. */
export interface VerdictSummary {
  readonly statement: string;
  readonly areas: readonly AreaSummary[];
  readonly unprobedRules: readonly string[];
}

/** The area of a check: its group (`stream.grammar` is in `streams`). */
export function areaOf(checkId: string): string {
  const group = checkId.split('.')[0]!;
  return group === 'stream' ? 'streams' : group;
}

/** Is this result a failure that is only advice (every rule it breaks is inferred, no `--strict`)? */
export function isAdvice(result: Pick<CheckResult, 'status' | 'source'>, strict: boolean): boolean {
  return !strict && result.status === 'failed' && result.source === 'inferred';
}

/**
 * How strong a run's verdicts are: the rules probed (a pass's probed rules, a failure's broken
 * ones), the rules held and broken, per area, and the rules of the selected checks nothing probed.
 * Pure: the report's results in, words and counts out.
 *
 * @example
 * summarizeVerdicts(report.checks, false).statement; // 'conforms on all 71 rules probed (...)'
 */
export function summarizeVerdicts(results: readonly CheckResult[], strict: boolean): VerdictSummary {
  const broken = new Set<string>();
  const advice = new Set<string>();
  const held = new Set<string>();
  let examples = 0;
  for (const r of results) {
    if (r.status === 'failed') for (const rule of r.broken ?? r.rules) (isAdvice(r, strict) ? advice : broken).add(rule);
    if (r.status === 'passed') {
      // The always-on oracles judge answers other checks already counted.
      if (areaOf(r.id) !== 'always') examples += r.probed?.examples ?? 0;
      for (const rule of r.probed?.rules.length ? r.probed.rules : r.rules) held.add(rule);
    }
  }
  for (const rule of [...broken, ...advice]) held.delete(rule);
  const probed = new Set([...held, ...broken, ...advice]);
  const unprobedRules = [...new Set(results.flatMap((r) => r.rules))].filter((rule) => !probed.has(rule)).sort();

  const areas = new Map<string, { -readonly [K in keyof AreaSummary]: AreaSummary[K] }>();
  for (const r of results) {
    const area = areaOf(r.id);
    const a = areas.get(area) ?? { area, passed: 0, failed: 0, advice: 0, skipped: 0, error: 0, inconclusive: 0 };
    if (isAdvice(r, strict)) a.advice++;
    else a[r.status]++;
    areas.set(area, a);
  }

  const unprobedNote =
    unprobedRules.length > 0
      ? `; ${unprobedRules.length} rule${unprobedRules.length === 1 ? '' : 's'} never probed`
      : '; every rule of the selected checks probed';
  const statement =
    probed.size === 0
      ? 'no rule was probed: nothing is known about this target'
      : broken.size === 0
        ? `conforms on all ${probed.size} rules probed (${examples} answers judged by the passing checks${advice.size > 0 ? `; advice on ${advice.size} inferred` : ''})${unprobedNote}`
        : `does not conform: breaks ${broken.size} of ${probed.size} rules probed, holds ${held.size}${advice.size > 0 ? ` (and advice on ${advice.size} inferred)` : ''}${unprobedNote}`;
  return { statement, areas: [...areas.values()], unprobedRules };
}
