import type { PipelineStage } from './pipeline-stage.ts';

/**
 * The documented, deterministic trigger of the simulated moderation (spec 2.5 `moderation`):
 * an input text containing `[[flag]]` or `[[flag:<reason>]]` (case-insensitive). `[[flag]]`
 * reports the reason `harassment`. Nothing else is ever flagged, so ordinary inputs never are.
 */
export const MODERATION_MARKER = /\[\[flag(?::([a-z0-9/_-]+))?\]\]/gi;

export interface ModerationResult {
  stage: PipelineStage;
  /** Set when the input was flagged: the request is blocked with 403. */
  flagged?: { patterns: string[]; reasons: string[]; flagged_input: string };
}

/**
 * Run moderation over the request texts. The stage is a spec 2.6 guardrail stage either way.
 *
 * @example
 * moderate(['hello [[flag:violence]]']).flagged?.reasons; // ['violence']
 */
export function moderate(texts: readonly string[]): ModerationResult {
  const patterns: string[] = [];
  const reasons: string[] = [];
  let flaggedInput: string | undefined;
  for (const text of texts) {
    for (const m of text.matchAll(MODERATION_MARKER)) {
      if (!patterns.includes(m[0])) patterns.push(m[0]);
      const reason = (m[1] ?? 'harassment').toLowerCase();
      if (!reasons.includes(reason)) reasons.push(reason);
      // reference: flagged_input holds at most 100 characters of the flagged text.
      flaggedInput ??= text.slice(0, 100);
    }
  }
  const detected = patterns.length > 0;
  const stage: PipelineStage = {
    type: 'guardrail',
    name: 'moderation',
    guardrail_id: 'moderation',
    guardrail_scope: 'request',
    summary: detected ? `Input flagged for ${reasons.join(', ')}; request blocked` : 'Input passed moderation',
    data: { action: detected ? 'blocked' : 'allowed', detected, engines: ['gatewaykit-moderation'], patterns },
  };
  return detected ? { stage, flagged: { patterns, reasons, flagged_input: flaggedInput ?? '' } } : { stage };
}
