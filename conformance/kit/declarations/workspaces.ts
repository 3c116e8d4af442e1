import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { GatewayClient } from '../../client/gateway-client.ts';
import type { Probe } from '../../client/probe.ts';
import type { OperationDeclaration, SampleFlow } from '../operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../refusals.ts';

/** A workspace and a credential id no gateway issued (UUIDs). */
const UNISSUED_ID = '00000000-0000-4000-8000-0000000c0de5';
const SLUG = 'gatewaykit-conformance';
const NAME = 'gatewaykit conformance';
/** Not a provider key of anyone: the credential is created disabled, so it serves no request either. */
const FAKE_PROVIDER_KEY = 'sk-gatewaykit-conformance-not-a-real-key';
const ws = (id: string, tail = '') => `/workspaces/${encodeURIComponent(id)}${tail}`;
const byok = (id: string) => `/byok/${encodeURIComponent(id)}`;

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

/**
 * One BYOK credential's life: budget ONE object, a credential created disabled with a key that is
 * no provider's (it serves no request), read, renamed, listed and deleted whatever happened between.
 */
export const byokLifecycle: SampleFlow = {
  key: 'kit.sample:byok-lifecycle',
  paid: 0,
  async make(client) {
    const body = { provider: 'openai', key: FAKE_PROVIDER_KEY, name: NAME, disabled: true };
    const created = await client.send({ method: 'POST', path: '/byok', auth: 'management', body });
    const answers: Record<string, Exchange> = { 'byok.create': created };
    const id = dataId(created);
    if (!id) return answers;
    try {
      answers['byok.get'] = await client.send({ method: 'GET', path: byok(id), auth: 'management' });
      answers['byok.update'] = await client.send({ method: 'PATCH', path: byok(id), auth: 'management', body: { name: `${NAME} (renamed)` } });
    } finally {
      answers['byok.delete'] = await client.send({ method: 'DELETE', path: byok(id), auth: 'management' });
    }
    return answers;
  },
};

const createsWorkspace = 'creates one workspace (no keys) with one member and one budget, and deletes it, with the management key only';
const createsCredential = 'creates one disabled BYOK credential with a key that is no provider key, and deletes it, with the management key only';
const removeWorkspace = (answer: Exchange): Probe | undefined => {
  const id = dataId(answer);
  return id ? { method: 'DELETE', path: ws(id), auth: 'management' } : undefined;
};
const removeCredential = (answer: Exchange): Probe | undefined => {
  const id = dataId(answer);
  return id ? { method: 'DELETE', path: byok(id), auth: 'management' } : undefined;
};

/** One endpoint of a workspace's life, refused for an unknown workspace. */
const inLife = (endpoint: string, method: Probe['method'], tail: string, body?: unknown): OperationDeclaration => ({
  endpoint,
  request: () => ({ method, path: ws(UNISSUED_ID, tail), ...(body === undefined ? {} : { body }) }),
  sample: workspaceLifecycle,
  creates: createsWorkspace,
  badInput: () => [unknownId(ws(UNISSUED_ID, tail), 'workspace id', method, body)],
});

/** The reference's Workspaces and BYOK operations: a management key, or 401/403. */
export const WORKSPACE_DECLARATIONS: readonly OperationDeclaration[] = [
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
  { endpoint: 'byok.list', request: () => ({ method: 'GET', path: '/byok?limit=5' }), badInput: () => [badQuery('/byok', 'limit=101')] },
  {
    endpoint: 'byok.create',
    request: () => ({ method: 'POST', path: '/byok', body: { provider: 'openai', key: FAKE_PROVIDER_KEY, name: NAME, disabled: true } }),
    sample: byokLifecycle,
    creates: createsCredential,
    cleanup: removeCredential,
    badInput: () => [malformedJson('/byok'), wrongType('/byok', { provider: 'openai', key: 42 }, 'key')],
  },
  ...(['byok.get', 'byok.update', 'byok.delete'] as const).map((endpoint): OperationDeclaration => {
    const method = endpoint === 'byok.get' ? 'GET' : endpoint === 'byok.update' ? 'PATCH' : 'DELETE';
    const body = method === 'PATCH' ? { name: NAME } : undefined;
    return {
      endpoint,
      request: () => ({ method, path: byok(UNISSUED_ID), ...(body ? { body } : {}) }),
      sample: byokLifecycle,
      creates: createsCredential,
      badInput: () => [unknownId(byok(UNISSUED_ID), 'credential id', method, body)],
    };
  }),
];
