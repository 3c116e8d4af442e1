import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { GatewayClient } from '../../client/gateway-client.ts';
import type { Probe } from '../../client/probe.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';

/** A workspace and a credential id no gateway issued (UUIDs). */
const UNISSUED_ID = '00000000-0000-4000-8000-0000000c0de5';
const SLUG = 'gatewaykit-conformance';
const NAME = 'gatewaykit conformance';
const ws = (id: string, tail = '') => `/workspaces/${encodeURIComponent(id)}${tail}`;
const dataId = (answer: Exchange | undefined): string | undefined => {
  const value = (exchangeJson(answer as Exchange) as { data?: { id?: unknown } } | undefined)?.data?.id;
  return answer && answer.status < 300 && typeof value === 'string' ? value : undefined;
};

/** The first member of the organisation (`GET /organization/members`), when the gateway lists one. */
async function firstMember(client: GatewayClient): Promise<string | undefined> {
  const listed = await client.send({ method: 'GET', path: '/organization/members?limit=1', auth: 'management' });
  const id = (exchangeJson(listed) as { data?: Array<{ id?: unknown }> } | undefined)?.data?.[0]?.id;
  return listed.status === 200 && typeof id === 'string' ? id : undefined;
}

/** The members and budgets part of a workspace's life (between its creation and deletion). */
async function membersAndBudgets(client: GatewayClient, id: string, answers: Record<string, Exchange>): Promise<void> {
  const send = (probe: Omit<Probe, 'auth'>) => client.send({ ...probe, auth: 'management' });
  const member = await firstMember(client);
  if (member) answers['workspaces.members.add'] = await send({ method: 'POST', path: ws(id, '/members/add'), body: { user_ids: [member] } });
  answers['workspaces.members.list'] = await send({ method: 'GET', path: ws(id, '/members?limit=5') });
  if (member) answers['workspaces.members.remove'] = await send({ method: 'POST', path: ws(id, '/members/remove'), body: { user_ids: [member] } });
  answers['workspaces.budgets.set'] = await send({ method: 'PUT', path: ws(id, '/budgets/daily'), body: { limit_usd: 1 } });
  answers['workspaces.budgets.get'] = await send({ method: 'GET', path: ws(id, '/budgets/daily') });
  answers['workspaces.budgets.list'] = await send({ method: 'GET', path: ws(id, '/budgets') });
  answers['workspaces.budgets.delete'] = await send({ method: 'DELETE', path: ws(id, '/budgets/daily') });
}

/**
 * One workspace's life on a live gateway, with the management key only (never the control API).
 * Budget: it creates at most ONE object, a workspace (with no key, so nothing can spend in it),
 * adds the organisation's first member and a daily budget of $1, reads, lists and removes them,
 * and deletes the workspace whatever the steps between answered.
 */
export const workspaceLifecycle: SampleFlow = {
  key: 'kit.sample:workspaces-lifecycle',
  paid: 0,
  async make(client) {
    const created = await client.send({ method: 'POST', path: '/workspaces', auth: 'management', body: { name: NAME, slug: SLUG } });
    const answers: Record<string, Exchange> = { 'workspaces.create': created };
    const id = dataId(created);
    if (!id) return answers;
    try {
      answers['workspaces.get'] = await client.send({ method: 'GET', path: ws(id), auth: 'management' });
      answers['workspaces.update'] = await client.send({ method: 'PATCH', path: ws(id), auth: 'management', body: { name: `${NAME} (renamed)` } });
      await membersAndBudgets(client, id, answers);
    } finally {
      answers['workspaces.delete'] = await client.send({ method: 'DELETE', path: ws(id), auth: 'management' });
    }
    return answers;
  },
};

const createsWorkspace = 'creates one workspace (no keys) with one member and one budget, and deletes it, with the management key only';
const removeWorkspace = (answer: Exchange): Probe | undefined => {
  const id = dataId(answer);
  return id ? { method: 'DELETE', path: ws(id), auth: 'management' } : undefined;
};
/** One endpoint of a workspace's life, refused for an unknown workspace. */
const inLife = (endpoint: string, method: Probe['method'], tail: string, body?: unknown): OperationDeclaration => ({
  endpoint,
  request: () => ({ method, path: ws(UNISSUED_ID, tail), ...(body === undefined ? {} : { body }) }),
  sample: workspaceLifecycle,
  creates: createsWorkspace,
  badInput: () => [unknownId(ws(UNISSUED_ID, tail), 'workspace id', method, body)],
});

/** The kit's declarations of the workspaces operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'workspaces.list', request: () => ({ method: 'GET', path: '/workspaces?limit=5' }), badInput: () => [badQuery('/workspaces', 'limit=0')] },
  {
    endpoint: 'workspaces.create',
    request: () => ({ method: 'POST', path: '/workspaces', body: { name: NAME, slug: SLUG } }),
    sample: workspaceLifecycle,
    creates: createsWorkspace,
    cleanup: removeWorkspace,
    badInput: () => [malformedJson('/workspaces'), wrongType('/workspaces', { name: NAME, slug: 42 }, 'slug')],
  },
  inLife('workspaces.get', 'GET', ''),
  inLife('workspaces.update', 'PATCH', '', { name: NAME }),
  inLife('workspaces.delete', 'DELETE', ''),
  inLife('workspaces.members.list', 'GET', '/members'),
  {
    ...inLife('workspaces.members.add', 'POST', '/members/add', { user_ids: ['x'] }),
    badInput: () => [
      unknownId(ws(UNISSUED_ID, '/members/add'), 'workspace id', 'POST', { user_ids: ['x'] }),
      wrongType(ws('default', '/members/add'), { user_ids: 'x' }, 'user_ids'),
    ],
  },
  inLife('workspaces.members.remove', 'POST', '/members/remove', { user_ids: ['x'] }),
  inLife('workspaces.budgets.list', 'GET', '/budgets'),
  inLife('workspaces.budgets.get', 'GET', '/budgets/daily'),
  inLife('workspaces.budgets.set', 'PUT', '/budgets/daily', { limit_usd: 1 }),
  inLife('workspaces.budgets.delete', 'DELETE', '/budgets/daily'),
];
