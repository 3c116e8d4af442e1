import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';

/** A workspace and a credential id no gateway issued (UUIDs). */
const UNISSUED_ID = '00000000-0000-4000-8000-0000000c0de5';
const NAME = 'gatewaykit conformance';
/** Not a provider key of anyone: the credential is created disabled, so it serves no request either. */
const FAKE_PROVIDER_KEY = 'sk-gatewaykit-conformance-not-a-real-key';
const byok = (id: string) => `/byok/${encodeURIComponent(id)}`;

const dataId = (answer: Exchange | undefined): string | undefined => {
  const value = (exchangeJson(answer as Exchange) as { data?: { id?: unknown } } | undefined)?.data?.id;
  return answer && answer.status < 300 && typeof value === 'string' ? value : undefined;
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

const createsCredential = 'creates one disabled BYOK credential with a key that is no provider key, and deletes it, with the management key only';
const removeCredential = (answer: Exchange): Probe | undefined => {
  const id = dataId(answer);
  return id ? { method: 'DELETE', path: byok(id), auth: 'management' } : undefined;
};

/** The kit's declarations of the byok operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
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
