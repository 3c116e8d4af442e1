import type { Check, CheckContext, CheckOutcome } from '../../check.ts';
import { exchangeJson, observedOf, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { INERT_DESTINATION } from './declarations.ts';
import { isSendError, outcomeOfError } from '../../property/outcome-of-error.ts';

const PATH = '/observability/destinations';
const RENAMED = 'gatewaykit conformance (renamed)';

type Destination = { id?: unknown; name?: unknown; enabled?: unknown };
const dataOf = (answer: Exchange): Destination | undefined => (exchangeJson(answer) as { data?: Destination } | undefined)?.data;
const listed = (answer: Exchange): Destination[] => {
  const data = (exchangeJson(answer) as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as Destination[]) : [];
};
const fail = (reason: string, probe: Probe, answer: Exchange): CheckOutcome => ({
  status: 'failed',
  reason,
  counterexample: probe,
  observed: observedOf(answer),
});

/** Every listed destination of the default workspace, page by page (100 a page, at most 20 pages). */
async function listAll(ctx: CheckContext): Promise<{ answer: Exchange; probe: Probe; items: Destination[] }> {
  const items: Destination[] = [];
  let probe: Probe = { method: 'GET', path: `${PATH}?limit=100`, auth: 'management' };
  let answer = await ctx.client.send(probe);
  for (let page = 1; answer.status === 200; page++) {
    const got = listed(answer);
    items.push(...got);
    if (got.length < 100 || page >= 20) break;
    probe = { method: 'GET', path: `${PATH}?limit=100&offset=${page * 100}`, auth: 'management' };
    answer = await ctx.client.send(probe);
  }
  return { answer, probe, items };
}

/** The destination exists: its create is seen in get and list, an update applies, a delete removes it. */
async function lifeOf(ctx: CheckContext, id: string): Promise<CheckOutcome> {
  const get: Probe = { method: 'GET', path: `${PATH}/${id}`, auth: 'management' };
  const got = await ctx.client.send(get);
  if (got.status !== 200 || dataOf(got)?.id !== id) return fail(`the destination just created is not served by GET (${got.status})`, get, got);
  const before = await listAll(ctx);
  if (!before.items.some((d) => d.id === id)) return fail('the destination just created is not in the listing', before.probe, before.answer);
  const update: Probe = { method: 'PATCH', path: `${PATH}/${id}`, auth: 'management', body: { name: RENAMED } };
  const updated = await ctx.client.send(update);
  if (updated.status !== 200 || dataOf(updated)?.name !== RENAMED) return fail(`the update answered ${updated.status} without the new name`, update, updated);
  const reread = await ctx.client.send(get);
  if (dataOf(reread)?.name !== RENAMED) return fail('the update answered 200 but GET still shows the old name', get, reread);
  const remove: Probe = { method: 'DELETE', path: `${PATH}/${id}`, auth: 'management' };
  const removed = await ctx.client.send(remove);
  if (removed.status !== 200) return fail(`the delete answered ${removed.status}, not 200`, remove, removed);
  const after = await ctx.client.send(get);
  if (after.status !== 404) return fail(`the deleted destination still answers GET with ${after.status}, not 404`, get, after);
  const gone = await listAll(ctx);
  if (gone.items.some((d) => d.id === id)) return fail('the deleted destination is still listed', gone.probe, gone.answer);
  return { status: 'passed', probed: { examples: 1, rules: ['observability.crud'] } };
}

/**
 * issue 38 item 7 on a live gateway, with the management key only (never the control API).
 * Budget: it creates at most ONE object, a destination created DISABLED (a webhook to a reserved
 * `.invalid` host: nothing is ever delivered by it), reads it, lists it, renames it, deletes it,
 * and deletes it again whatever happened between. No paid request.
 */
export const observabilityCrud: Check = {
  id: 'observability.crud',
  spec: 'reference createObservabilityDestination, listObservabilityDestinations, getObservabilityDestination, updateObservabilityDestination, deleteObservabilityDestination',
  rules: ['observability.crud'],
  title:
    'An observability destination once created is served by get and list, an update applies, and once deleted it is gone from both (creates 1 disabled destination, deletes it; management key only)',
  free: true,
  run: async (ctx) => {
    if (!ctx.hasManagementKey) return { status: 'skipped', reason: 'needs a management key (spec 5.3): give one with --management-key' };
    let id: string | undefined;
    try {
      const create: Probe = { method: 'POST', path: PATH, auth: 'management', body: INERT_DESTINATION };
      const created = await ctx.client.send(create);
      const made = dataOf(created)?.id;
      if (created.status !== 201 || typeof made !== 'string')
        return { status: 'skipped', reason: `POST ${PATH} answered ${created.status}: no destination to follow` };
      id = made;
      return await lifeOf(ctx, made);
    } catch (error) {
      if (isSendError(error)) return outcomeOfError(error);
      throw error;
    } finally {
      if (id) await ctx.client.send({ method: 'DELETE', path: `${PATH}/${id}`, auth: 'management' }).catch(() => undefined);
    }
  },
};
