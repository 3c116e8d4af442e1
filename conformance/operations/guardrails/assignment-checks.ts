import type { Check, CheckContext, CheckOutcome } from '../../check.ts';
import { exchangeJson, observedOf, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { isSendError, outcomeOfError } from '../../property/outcome-of-error.ts';
import { baseResponsesRequest } from '../../requests.ts';
import { guardrailProblems } from './block-checks.ts';

const NAME = 'gatewaykit-conformance';
/** The most the check spends: its key's limit (USD). */
const KEY_LIMIT_USD = 0.05;

const dataField = (answer: Exchange, field: string): string | undefined => {
  const value = (exchangeJson(answer) as { data?: Record<string, unknown> } | undefined)?.data?.[field];
  return answer.status < 300 && typeof value === 'string' ? value : undefined;
};
const fail = (reason: string, probe: Probe, answer: Exchange): CheckOutcome => ({
  status: 'failed',
  reason,
  counterexample: probe,
  observed: observedOf(answer),
});

/** Block, then lift: the guardrail and the key exist; returns the verdict. */
async function blockThenLift(ctx: CheckContext, guardrail: string, hash: string, secret: string): Promise<CheckOutcome> {
  const send = (probe: Probe) => ctx.client.send(probe);
  const assign: Probe = { method: 'POST', path: `/guardrails/${guardrail}/assignments/keys`, auth: 'management', body: { key_hashes: [hash] } };
  const assigned = await send(assign);
  if (assigned.status !== 200) return fail(`assigning the key answered ${assigned.status}, not 200`, assign, assigned);
  const infer: Probe = {
    method: 'POST',
    path: '/responses',
    auth: { header: `Bearer ${secret}` },
    headers: { 'X-Gateway-Metadata': 'enabled' },
    body: baseResponsesRequest(ctx.model),
  };
  const blocked = await send(infer);
  const problems = guardrailProblems(blocked);
  if (Array.isArray(problems) && problems.length > 0)
    return fail(`the model the assigned guardrail disallows was not blocked as spec 7 says: ${problems.join('; ')}`, infer, blocked);
  const unassign: Probe = { method: 'POST', path: `/guardrails/${guardrail}/assignments/keys/remove`, auth: 'management', body: { key_hashes: [hash] } };
  const unassigned = await send(unassign);
  if (unassigned.status !== 200) return fail(`unassigning the key answered ${unassigned.status}, not 200`, unassign, unassigned);
  const lifted = await send(infer);
  if (lifted.status !== 200)
    return fail(`once the guardrail was unassigned the same request answered ${lifted.status}, not 200: unassigning must lift it`, infer, lifted);
  return { status: 'passed', probed: { examples: 2, rules: ['management.guardrail-assignment'] } };
}

/**
 * issue 38 item 3 on a live gateway, with the management key only (never the control API). Budget:
 * it creates at most TWO objects and sends TWO paid requests, ONE key (limit $0.05) and ONE guardrail whose `ignored_models`
 * names the run's model; assigns it to the key, expects the 403 with the guardrail stage, unassigns
 * it, expects the answer back (ONE paid request), and deletes both whatever happened between.
 */
export const guardrailAssignment: Check = {
  id: 'guardrails.assignment-blocks',
  spec: 'spec 7, 2.6; reference bulkAssignKeysToGuardrail, bulkUnassignKeysFromGuardrail',
  rules: ['management.guardrail-assignment'],
  title:
    'A guardrail assigned to a key blocks the model it disallows with the 403 and its pipeline stage; unassigning it lifts the block (creates 1 key and 1 guardrail, deletes both)',
  // The blocked request and the lifted one: two requests to a paid operation.
  owes: () => ({ own: 2 }),
  run: async (ctx) => {
    if (!ctx.hasManagementKey) return { status: 'skipped', reason: 'needs a management key (spec 5.3): give one with --management-key' };
    let guardrail: string | undefined;
    let hash: string | undefined;
    try {
      const key = await ctx.client.send({ method: 'POST', path: '/keys', auth: 'management', body: { name: NAME, limit: KEY_LIMIT_USD } });
      hash = dataField(key, 'hash');
      const secret = (exchangeJson(key) as { key?: unknown } | undefined)?.key;
      if (!hash || typeof secret !== 'string') return { status: 'skipped', reason: `POST /keys answered ${key.status}: no key to govern` };
      const created = await ctx.client.send({ method: 'POST', path: '/guardrails', auth: 'management', body: { name: NAME, ignored_models: [ctx.model] } });
      guardrail = dataField(created, 'id');
      if (!guardrail) return { status: 'skipped', reason: `POST /guardrails answered ${created.status}: no guardrail to assign` };
      return await blockThenLift(ctx, guardrail, hash, secret);
    } catch (error) {
      if (isSendError(error)) return outcomeOfError(error);
      throw error;
    } finally {
      if (guardrail) await ctx.client.send({ method: 'DELETE', path: `/guardrails/${guardrail}`, auth: 'management' }).catch(() => undefined);
      if (hash) await ctx.client.send({ method: 'DELETE', path: `/keys/${hash}`, auth: 'management' }).catch(() => undefined);
    }
  },
};
