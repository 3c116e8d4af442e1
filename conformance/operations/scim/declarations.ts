import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';

const UNISSUED_ID = '00000000-0000-4000-8000-0000000005c1';
/** reference: "the default workspace" (a key's `workspace_id` when none is named). */
const DEFAULT_WORKSPACE = '00000000-0000-4000-8000-000000000000';
const path = (id: string) => `/scim/group-mappings/${encodeURIComponent(id)}`;

const firstId = (answer: Exchange): string | undefined => {
  const id = (exchangeJson(answer) as { data?: Array<{ id?: unknown }> } | undefined)?.data?.[0]?.id;
  return answer.status === 200 && typeof id === 'string' ? id : undefined;
};
const createdId = (answer: Exchange): string | undefined => {
  const id = (exchangeJson(answer) as { data?: { id?: unknown } } | undefined)?.data?.id;
  return answer.status < 300 && typeof id === 'string' ? id : undefined;
};

/**
 * One mapping's life, with the management key only: map the organisation's first SCIM group to
 * the default workspace (ONE mapping created), read it, change its role, delete it keeping its
 * members (`keep_members=true`: nothing else changes), whatever the steps between answered.
 */
export const mappingLifecycle: SampleFlow = {
  key: 'kit.sample:scim-mapping-lifecycle',
  paid: 0,
  async make(client) {
    const group = firstId(await client.send({ method: 'GET', path: '/scim/groups?limit=1', auth: 'management' }));
    if (!group) return {};
    const body = { scim_group_id: group, workspace_id: DEFAULT_WORKSPACE, role: 'member' };
    const created = await client.send({ method: 'POST', path: '/scim/group-mappings', auth: 'management', body });
    const answers: Record<string, Exchange> = { 'scim.mappings.create': created };
    const id = createdId(created);
    if (!id) return answers;
    try {
      answers['scim.mappings.get'] = await client.send({ method: 'GET', path: path(id), auth: 'management' });
      answers['scim.mappings.update'] = await client.send({ method: 'PATCH', path: path(id), auth: 'management', body: { role: 'admin' } });
    } finally {
      answers['scim.mappings.delete'] = await client.send({ method: 'DELETE', path: `${path(id)}?keep_members=true`, auth: 'management' });
    }
    return answers;
  },
};

const creates = 'creates one SCIM group mapping and deletes it (keep_members=true), with the management key only';

/** The kit's declarations of the scim operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'scim.groups.list', request: () => ({ method: 'GET', path: '/scim/groups?limit=5' }), badInput: () => [badQuery('/scim/groups', 'limit=abc')] },
  {
    endpoint: 'scim.mappings.list',
    request: () => ({ method: 'GET', path: '/scim/group-mappings?limit=5' }),
    badInput: () => [badQuery('/scim/group-mappings', 'offset=x')],
  },
  {
    endpoint: 'scim.mappings.create',
    request: () => ({ method: 'POST', path: '/scim/group-mappings', body: { scim_group_id: UNISSUED_ID, workspace_id: DEFAULT_WORKSPACE, role: 'member' } }),
    sample: mappingLifecycle,
    creates,
    cleanup: (answer) => {
      const id = createdId(answer);
      return id ? { method: 'DELETE', path: `${path(id)}?keep_members=true`, auth: 'management' } : undefined;
    },
    badInput: () => [
      malformedJson('/scim/group-mappings'),
      wrongType('/scim/group-mappings', { scim_group_id: 42, workspace_id: DEFAULT_WORKSPACE, role: 'member' }, 'scim_group_id'),
    ],
  },
  {
    endpoint: 'scim.mappings.get',
    request: () => ({ method: 'GET', path: path(UNISSUED_ID) }),
    sample: mappingLifecycle,
    creates,
    badInput: () => [unknownId(path(UNISSUED_ID), 'mapping id')],
  },
  {
    endpoint: 'scim.mappings.update',
    request: () => ({ method: 'PATCH', path: path(UNISSUED_ID), body: { role: 'admin' } }),
    sample: mappingLifecycle,
    creates,
    badInput: () => [unknownId(path(UNISSUED_ID), 'mapping id', 'PATCH', { role: 'admin' })],
  },
  {
    endpoint: 'scim.mappings.delete',
    request: () => ({ method: 'DELETE', path: `${path(UNISSUED_ID)}?keep_members=true` }),
    sample: mappingLifecycle,
    creates,
    badInput: () => [unknownId(`${path(UNISSUED_ID)}?keep_members=true`, 'mapping id', 'DELETE')],
  },
];
