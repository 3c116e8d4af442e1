import type { Check, CheckContext, CheckOutcome } from '../../check.ts';
import { exchangeJson, observedOf, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { isSendError, outcomeOfError } from '../../property/outcome-of-error.ts';

const NAME = 'gatewaykit conformance activity';
/** The most the check spends: its key's limit (USD). */
const KEY_LIMIT_USD = 0.05;

const field = (answer: Exchange, path: 'data.hash' | 'key'): string | undefined => {
  const body = exchangeJson(answer) as { key?: unknown; data?: Record<string, unknown> } | undefined;
  const value = path === 'key' ? body?.key : body?.data?.hash;
  return answer.status < 300 && typeof value === 'string' ? value : undefined;
};

/** reference queryAnalytics: the request count of one key, all the kept days summed. */
const countProbe = (hash: string): Probe => ({
  method: 'POST',
  path: '/analytics/query',
  auth: 'management',
  body: { metrics: ['request_count'], filters: [{ field: 'api_key_id', operator: 'eq', value: hash }] },
});

/** The rows' `request_count` summed (no row: nothing counted), or undefined when the answer is no query result. */
function requestCount(answer: Exchange): number | undefined {
  const rows = (exchangeJson(answer) as { data?: { data?: unknown } } | undefined)?.data?.data;
  if (answer.status !== 200 || !Array.isArray(rows)) return undefined;
  let total = 0;
  for (const row of rows) {
    const n = (row as { request_count?: unknown } | null)?.request_count;
    if (typeof n !== 'number') return undefined;
    total += n;
  }
  return total;
}

/** With the key made: count, one paid answer, count again. */
async function countsOne(ctx: CheckContext, hash: string, secret: string): Promise<CheckOutcome> {
  const before = await ctx.client.send(countProbe(hash));
  const start = requestCount(before);
  if (start === undefined) return { status: 'skipped', reason: `POST /analytics/query answered ${before.status} without rows of request_count` };
  const chat: Probe = {
    method: 'POST',
    path: '/chat/completions',
    auth: { header: `Bearer ${secret}` },
    body: { model: ctx.model, messages: [{ role: 'user', content: 'Say hello.' }], max_tokens: 16 },
  };
  const paid = await ctx.client.send(chat);
  if (paid.status !== 200) return { status: 'skipped', reason: `the paid request of the new key answered ${paid.status}, not 200: nothing to count` };
  const after = await ctx.client.send(countProbe(hash));
  const end = requestCount(after);
  if (end === start + 1) return { status: 'passed', probed: { examples: 1, rules: ['analytics.counts-paid-answer'] } };
  return {
    status: 'failed',
    reason: `one paid answer of a new key moved its request_count from ${start} to ${end ?? `an answer without it (${after.status})`}, not by one`,
    counterexample: countProbe(hash),
    observed: observedOf(after),
  };
}

/**
 * reference queryAnalytics (and getUserActivity, which the same counts feed): a paid answer is
 * counted in the activity of the key that paid for it. Budget: it creates ONE key (limit $0.05),
 * sends ONE paid request with it between two queries of its request count, and deletes the key
 * whatever happened between; the management key only, never the control API.
 */
export const activityCountsPaidAnswer: Check = {
  id: 'activity.counts-paid-answer',
  spec: 'reference queryAnalytics, getUserActivity',
  rules: ['analytics.counts-paid-answer'],
  title: "One paid answer of a new key moves the key's request_count in POST /analytics/query by one (creates one key, deletes it; management key only)",
  owes: () => ({ own: 1 }),
  async run(ctx) {
    if (!ctx.hasManagementKey) return { status: 'skipped', reason: 'needs a management key (--management-key); none given to this run' };
    let hash: string | undefined;
    try {
      const key = await ctx.client.send({ method: 'POST', path: '/keys', auth: 'management', body: { name: NAME, limit: KEY_LIMIT_USD } });
      hash = field(key, 'data.hash');
      const secret = field(key, 'key');
      if (!hash || !secret) return { status: 'skipped', reason: `could not create a key (POST /keys answered ${key.status})` };
      return await countsOne(ctx, hash, secret);
    } catch (error) {
      if (!isSendError(error)) throw error;
      return outcomeOfError(error, countProbe(hash ?? ''));
    } finally {
      if (hash) await ctx.client.send({ method: 'DELETE', path: `/keys/${hash}`, auth: 'management' }).catch(() => undefined);
    }
  },
};

export const ACTIVITY_CHECKS: readonly Check[] = [activityCountsPaidAnswer];
