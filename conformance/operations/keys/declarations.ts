import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';

/** A key hash no gateway issued (64 hex digits, the shape of a real one). */
const UNISSUED_HASH = '0'.repeat(64);
const KEY_NAME = 'gatewaykit-conformance';

const hashOf = (answer: Exchange): string | undefined => {
  const hash = (exchangeJson(answer) as { data?: { hash?: unknown } } | undefined)?.data?.hash;
  return answer.status < 300 && typeof hash === 'string' ? hash : undefined;
};
const keyPath = (hash: string) => `/keys/${encodeURIComponent(hash)}`;
const removeKey = (hash: string): Probe => ({ method: 'DELETE', path: keyPath(hash), auth: 'management' });

/**
 * One key's life on a live gateway, with the management key only (never the control API): create
 * ONE key (limit 0: it can spend nothing), read it, rename it, delete it. The delete is sent
 * whatever the read and rename answered, so the run leaves no key behind.
 */
export const keyLifecycle: SampleFlow = {
  key: 'kit.sample:keys-lifecycle',
  paid: 0,
  async make(client) {
    const created = await client.send({ method: 'POST', path: '/keys', auth: 'management', body: { name: KEY_NAME, limit: 0 } });
    const answers: Record<string, Exchange> = { 'keys.create': created };
    const hash = hashOf(created);
    if (!hash) return answers;
    try {
      answers['keys.get'] = await client.send({ method: 'GET', path: keyPath(hash), auth: 'management' });
      answers['keys.update'] = await client.send({ method: 'PATCH', path: keyPath(hash), auth: 'management', body: { name: `${KEY_NAME} (renamed)` } });
    } finally {
      answers['keys.delete'] = await client.send(removeKey(hash));
    }
    return answers;
  },
};

const creates = 'creates one key with limit 0 and deletes it, with the management key only';
const removeCreated = (answer: Exchange) => {
  const hash = hashOf(answer);
  return hash ? removeKey(hash) : undefined;
};

/** The kit's declarations of the keys operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'keys.list', request: () => ({ method: 'GET', path: '/keys' }), badInput: () => [badQuery('/keys', 'offset=abc')] },
  {
    endpoint: 'keys.create',
    request: () => ({ method: 'POST', path: '/keys', body: { name: KEY_NAME, limit: 0 } }),
    sample: keyLifecycle,
    creates,
    cleanup: removeCreated,
    badInput: () => [malformedJson('/keys'), wrongType('/keys', { name: 42, limit: 0 }, 'name')],
  },
  {
    endpoint: 'keys.get',
    request: () => ({ method: 'GET', path: keyPath(UNISSUED_HASH) }),
    sample: keyLifecycle,
    creates,
    badInput: () => [unknownId(keyPath(UNISSUED_HASH), 'key hash')],
  },
  {
    endpoint: 'keys.update',
    request: () => ({ method: 'PATCH', path: keyPath(UNISSUED_HASH), body: { name: KEY_NAME } }),
    sample: keyLifecycle,
    creates,
    badInput: () => [unknownId(keyPath(UNISSUED_HASH), 'key hash', 'PATCH', { name: KEY_NAME })],
  },
  {
    endpoint: 'keys.delete',
    request: () => ({ method: 'DELETE', path: keyPath(UNISSUED_HASH) }),
    sample: keyLifecycle,
    creates,
    badInput: () => [unknownId(keyPath(UNISSUED_HASH), 'key hash', 'DELETE')],
  },
];
