import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { GatewayClient } from '../../client/gateway-client.ts';
import type { Probe } from '../../client/probe.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';

/** A guardrail id no gateway issued (a UUID). */
const UNISSUED_ID = '00000000-0000-4000-8000-00000000c0de';
const NAME = 'gatewaykit-conformance';
const path = (id: string, tail = '') => `/guardrails/${encodeURIComponent(id)}${tail}`;

const dataField = (answer: Exchange | undefined, field: string): string | undefined => {
  const value = (exchangeJson(answer as Exchange) as { data?: Record<string, unknown> } | undefined)?.data?.[field];
  return answer && answer.status < 300 && typeof value === 'string' ? value : undefined;
};

/** The first member of the organisation (`GET /organization/members`), when the gateway lists one. */
async function firstMember(client: GatewayClient): Promise<string | undefined> {
  const listed = await client.send({ method: 'GET', path: '/organization/members?limit=1', auth: 'management' });
  const id = (exchangeJson(listed) as { data?: Array<{ id?: unknown }> } | undefined)?.data?.[0]?.id;
  return listed.status === 200 && typeof id === 'string' ? id : undefined;
}

/** Assign the key and a member, list them, then unassign both (the flow's middle part). */
async function assignments(client: GatewayClient, id: string, keyHash: string | undefined, answers: Record<string, Exchange>): Promise<void> {
  const send = (probe: Omit<Probe, 'auth'>) => client.send({ ...probe, auth: 'management' });
  if (keyHash) {
    answers['guardrails.keys.assign'] = await send({ method: 'POST', path: path(id, '/assignments/keys'), body: { key_hashes: [keyHash] } });
    answers['guardrails.keys.list'] = await send({ method: 'GET', path: path(id, '/assignments/keys') });
    answers['guardrails.keys.unassign'] = await send({ method: 'POST', path: path(id, '/assignments/keys/remove'), body: { key_hashes: [keyHash] } });
  }
  const member = await firstMember(client);
  if (member) {
    answers['guardrails.members.assign'] = await send({ method: 'POST', path: path(id, '/assignments/members'), body: { member_user_ids: [member] } });
    answers['guardrails.members.list'] = await send({ method: 'GET', path: path(id, '/assignments/members') });
    answers['guardrails.members.unassign'] = await send({ method: 'POST', path: path(id, '/assignments/members/remove'), body: { member_user_ids: [member] } });
  }
}

/**
 * One guardrail's life on a live gateway, with the management key only (never the control API).
 * Budget: it creates at most TWO objects, ONE guardrail (no rules: it changes nothing) and ONE key
 * (limit 0: it can spend nothing), assigns the key and the organisation's first member to it, lists
 * and unassigns them, and deletes both objects whatever the steps between answered.
 */
export const guardrailLifecycle: SampleFlow = {
  key: 'kit.sample:guardrails-lifecycle',
  paid: 0,
  async make(client) {
    const created = await client.send({ method: 'POST', path: '/guardrails', auth: 'management', body: { name: NAME } });
    const answers: Record<string, Exchange> = { 'guardrails.create': created };
    const id = dataField(created, 'id');
    if (!id) return answers;
    let keyHash: string | undefined;
    try {
      answers['guardrails.get'] = await client.send({ method: 'GET', path: path(id), auth: 'management' });
      answers['guardrails.update'] = await client.send({ method: 'PATCH', path: path(id), auth: 'management', body: { name: `${NAME} (renamed)` } });
      keyHash = dataField(await client.send({ method: 'POST', path: '/keys', auth: 'management', body: { name: NAME, limit: 0 } }), 'hash');
      await assignments(client, id, keyHash, answers);
    } finally {
      answers['guardrails.delete'] = await client.send({ method: 'DELETE', path: path(id), auth: 'management' });
      if (keyHash) await client.send({ method: 'DELETE', path: `/keys/${keyHash}`, auth: 'management' });
    }
    return answers;
  },
};

const creates = 'creates one guardrail and one key with limit 0, and deletes both, with the management key only';
const removeCreated = (answer: Exchange): Probe | undefined => {
  const id = dataField(answer, 'id');
  return id ? { method: 'DELETE', path: path(id), auth: 'management' } : undefined;
};

/** A bulk body's refusals on an unknown guardrail (404) and with a wrong type (400). */
const bulk = (tail: string, field: string) => [
  unknownId(path(UNISSUED_ID, tail), 'guardrail id', 'POST', { [field]: ['x'] }),
  wrongType(path(UNISSUED_ID, tail), { [field]: 'not a list' }, field),
];

/** The kit's declarations of the guardrails operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'guardrails.list', request: () => ({ method: 'GET', path: '/guardrails?limit=5' }), badInput: () => [badQuery('/guardrails', 'limit=abc')] },
  {
    endpoint: 'guardrails.create',
    request: () => ({ method: 'POST', path: '/guardrails', body: { name: NAME } }),
    sample: guardrailLifecycle,
    creates,
    cleanup: removeCreated,
    badInput: () => [malformedJson('/guardrails'), wrongType('/guardrails', { name: 42 }, 'name')],
  },
  {
    endpoint: 'guardrails.get',
    request: () => ({ method: 'GET', path: path(UNISSUED_ID) }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => [unknownId(path(UNISSUED_ID), 'guardrail id')],
  },
  {
    endpoint: 'guardrails.update',
    request: () => ({ method: 'PATCH', path: path(UNISSUED_ID), body: { name: NAME } }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => [unknownId(path(UNISSUED_ID), 'guardrail id', 'PATCH', { name: NAME })],
  },
  {
    endpoint: 'guardrails.delete',
    request: () => ({ method: 'DELETE', path: path(UNISSUED_ID) }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => [unknownId(path(UNISSUED_ID), 'guardrail id', 'DELETE')],
  },
  {
    endpoint: 'guardrails.keys.list',
    request: () => ({ method: 'GET', path: path(UNISSUED_ID, '/assignments/keys') }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => [unknownId(path(UNISSUED_ID, '/assignments/keys'), 'guardrail id')],
  },
  {
    endpoint: 'guardrails.keys.assign',
    request: () => ({ method: 'POST', path: path(UNISSUED_ID, '/assignments/keys'), body: { key_hashes: ['x'] } }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => bulk('/assignments/keys', 'key_hashes'),
  },
  {
    endpoint: 'guardrails.keys.unassign',
    request: () => ({ method: 'POST', path: path(UNISSUED_ID, '/assignments/keys/remove'), body: { key_hashes: ['x'] } }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => bulk('/assignments/keys/remove', 'key_hashes'),
  },
  {
    endpoint: 'guardrails.members.list',
    request: () => ({ method: 'GET', path: path(UNISSUED_ID, '/assignments/members') }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => [unknownId(path(UNISSUED_ID, '/assignments/members'), 'guardrail id')],
  },
  {
    endpoint: 'guardrails.members.assign',
    request: () => ({ method: 'POST', path: path(UNISSUED_ID, '/assignments/members'), body: { member_user_ids: ['x'] } }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => bulk('/assignments/members', 'member_user_ids'),
  },
  {
    endpoint: 'guardrails.members.unassign',
    request: () => ({ method: 'POST', path: path(UNISSUED_ID, '/assignments/members/remove'), body: { member_user_ids: ['x'] } }),
    sample: guardrailLifecycle,
    creates,
    badInput: () => bulk('/assignments/members/remove', 'member_user_ids'),
  },
  {
    endpoint: 'guardrails.key-assignments',
    request: () => ({ method: 'GET', path: '/guardrails/assignments/keys?limit=5' }),
    badInput: () => [badQuery('/guardrails/assignments/keys', 'limit=0')],
  },
  {
    endpoint: 'guardrails.member-assignments',
    request: () => ({ method: 'GET', path: '/guardrails/assignments/members?limit=5' }),
    badInput: () => [badQuery('/guardrails/assignments/members', 'offset=-1')],
  },
];
