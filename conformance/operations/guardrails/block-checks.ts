import type { Check, Judgement } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { probeAll } from '../../property/probe-all.ts';
import { baseResponsesRequest } from '../../requests.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * spec 7, 2.6: a guardrail block is 403; `error.metadata.patterns` is an array of strings; with
 * the metadata header enabled, `gateway_metadata.pipeline` holds the guardrail stage with its
 * members.
 */
export function guardrailProblems(answer: Exchange): Judgement {
  const problems: string[] = [...expectError(403)(answer)];
  if (answer.status !== 403) return problems;
  const body = exchangeJson(answer) as { error?: { metadata?: unknown }; gateway_metadata?: unknown } | undefined;
  const patterns = isObject(body?.error?.metadata) ? body.error.metadata.patterns : undefined;
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string'))
    problems.push(`spec 7: a guardrail block carries error.metadata.patterns as an array of strings, was ${JSON.stringify(patterns ?? null)}`);
  const pipeline = isObject(body?.gateway_metadata) ? body.gateway_metadata.pipeline : undefined;
  const stage = Array.isArray(pipeline) ? pipeline.find((s) => isObject(s) && s.type === 'guardrail') : undefined;
  if (!isObject(stage)) return [...problems, 'spec 7, 2.6: with the metadata header enabled, gateway_metadata.pipeline must hold the guardrail stage'];
  for (const field of ['name', 'guardrail_id', 'guardrail_scope', 'summary'] as const)
    if (typeof stage[field] !== 'string')
      problems.push(`spec 2.6: the guardrail stage's ${field} must be a string, was ${JSON.stringify(stage[field] ?? null)}`);
  const data = stage.data;
  if (!isObject(data)) problems.push('spec 2.6: the guardrail stage has no data object');
  else {
    if (typeof data.action !== 'string') problems.push('spec 2.6: guardrail data.action must be a string');
    if (typeof data.detected !== 'boolean') problems.push('spec 2.6: guardrail data.detected must be a boolean');
    for (const list of ['engines', 'patterns'] as const)
      if (!Array.isArray(data[list]) || !(data[list] as unknown[]).every((v) => typeof v === 'string'))
        problems.push(`spec 2.6: guardrail data.${list} must be an array of strings`);
  }
  return problems;
}

/**
 * The guardrail answer. Only the simulator can be made to block on demand: its moderation plugin
 * flags an input holding `[[flag]]`. On a live gateway there is no input that is sure to be blocked.
 */
export const guardrailBlock: Check = {
  id: 'guardrail.block',
  exclusive: false,
  spec: 'spec 7, 2.6',
  rules: ['errors.guardrail-block'],
  title: 'A guardrail block is 403 with error.metadata.patterns and, with metadata enabled, the guardrail stage in gateway_metadata.pipeline',
  requires: ['simulator'],
  run: (ctx) =>
    probeAll(
      ctx,
      [
        {
          method: 'POST',
          path: '/responses',
          headers: { 'X-Gateway-Metadata': 'enabled' },
          body: { ...baseResponsesRequest(ctx.model), input: 'Please check this [[flag]] text.', plugins: [{ id: 'moderation' }] },
        },
      ],
      guardrailProblems,
    ),
};

export const GUARDRAIL_CHECKS: readonly Check[] = [guardrailBlock];
