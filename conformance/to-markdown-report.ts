import { elide, elideJson } from './elide.ts';
import { budgetLine } from './format-report.ts';
import type { CheckResult, ConformanceReport } from './report.ts';
import { ruleById } from './rules/rule-catalogue.ts';

const fence = (text: string, lang = '') => `\`\`\`${lang}\n${text.replace(/```/g, '`\u200b``')}\n\`\`\``;

function section(c: CheckResult): string[] {
  const lines = [
    `### ${c.status === 'failed' && c.source === 'inferred' ? 'Advice' : c.status.toUpperCase()}: \`${c.id}\``,
    '',
    `**${c.title}** (${c.spec})`,
    '',
  ];
  for (const id of c.rules) {
    const rule = ruleById(id);
    lines.push(`- Rule \`${id}\` (section ${rule.section}, ${rule.source}): ${rule.text}`);
  }
  lines.push('', `**Why:** ${elide(c.reason ?? '')}`);
  if (c.owner) lines.push('', `**Precondition owned by:** \`${c.owner}\``);
  if (c.counterexample) lines.push('', '**Request:**', '', fence(elideJson(c.counterexample), 'json'));
  if (c.observed) {
    const headers = Object.entries(c.observed.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    lines.push('', `**Answer:** HTTP ${c.observed.status}`, '', fence(`${headers}\n\n${elide(c.observed.bodyExcerpt)}`, 'http'));
  }
  if (c.curl) lines.push('', '**Reproduce:**', '', fence(c.curl, 'sh'));
  if (c.replay) lines.push('', '**Replay with the suite:**', '', fence(c.replay.command, 'sh'));
  return [...lines, ''];
}

/**
 * A Markdown report a gateway author can paste into an issue (`--report FILE.md`): the target,
 * the verdict table, then every failure, error and inconclusive check with its rules in words,
 * the request, the answer and a curl to reproduce it.
 *
 * @example
 * writeFileSync('conformance.md', toMarkdownReport(report));
 */
export function toMarkdownReport(report: ConformanceReport): string {
  const t = report.target;
  const s = report.summary;
  const lines = [
    `# Gateway API conformance: ${t.baseUrl}`,
    '',
    `- Target: ${t.simulator ? `the gatewaykit simulator (${t.clock} clock)` : 'not the simulator'}; model \`${t.model}\`${t.reasoningModel ? `, reasoning model \`${t.reasoningModel}\`` : ''}${t.videoModel ? `, video model \`${t.videoModel}\`` : ''}; videos ${t.includeVideos ? 'included' : 'not included'}`,
    `- Seed ${report.seed}; ${s.requests} requests, ${s.budget.used} of ${s.budget.limit} allowed to paid operations; ${(s.durationMs / 1000).toFixed(1)} s`,
    `- ${budgetLine(s)}`,
    '',
  ];
  if (!report.preflight.ok) {
    lines.push(
      `**Could not test:** ${report.preflight.cause ?? 'the preflight failed'}`,
      '',
      ...report.preflight.steps.map((p) => `- ${p.ok ? 'ok' : 'FAILED'} ${p.step}: ${p.detail}`),
    );
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    `**${s.passed} passed, ${s.failed} failed, ${s.error} error, ${s.inconclusive} inconclusive, ${s.skipped} skipped, ${s.advice} advice** of ${s.total} checks.`,
    '',
    `**Conformance:** ${s.statement}.`,
    '',
    '| area | passed | failed | advice | error | inconclusive | skipped |',
    '|---|---|---|---|---|---|---|',
    ...s.areas.map((a) => `| ${a.area} | ${a.passed} | ${a.failed} | ${a.advice} | ${a.error} | ${a.inconclusive} | ${a.skipped} |`),
    '',
    ...(s.unprobedRules.length > 0 ? [`Rules never probed: ${s.unprobedRules.map((r) => `\`${r}\``).join(', ')}.`, ''] : []),
    '| check | spec | result | requests | paid | time |',
    '|---|---|---|---|---|---|',
    ...report.checks.map(
      (c) =>
        `| \`${c.id}\` | ${c.spec} | ${c.status === 'failed' && c.source === 'inferred' ? 'advice' : c.status} | ${c.requests} | ${c.paid} | ${(c.durationMs / 1000).toFixed(2)} s |`,
    ),
    '',
  );
  const notable = report.checks.filter((c) => c.status === 'failed' || c.status === 'error' || c.status === 'inconclusive');
  if (notable.length > 0) lines.push('## Details', '');
  for (const c of notable) lines.push(...section(c));
  return `${lines.join('\n')}\n`;
}
