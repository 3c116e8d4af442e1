import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';

/** A destination id no gateway issued (a UUID). */
const UNISSUED_ID = '00000000-0000-4000-8000-0000000c0de5';
const NAME = 'gatewaykit conformance';
const PATH = '/observability/destinations';
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;
/**
 * A destination created disabled, of a type nobody receives from (`webhook` to a reserved `.invalid`
 * host, RFC 6761 6.4): nothing is ever delivered by it, on any gateway.
 */
export const INERT_DESTINATION = { type: 'webhook', name: NAME, enabled: false, config: { url: 'https://gatewaykit-conformance.invalid/traces' } };

const dataId = (answer: Exchange | undefined): string | undefined => {
  const value = (exchangeJson(answer as Exchange) as { data?: { id?: unknown } } | undefined)?.data?.id;
  return answer && answer.status < 300 && typeof value === 'string' ? value : undefined;
};

/**
 * One destination's life on a live gateway, with the management key only (never the control API).
 * Budget: it creates at most ONE object, a disabled webhook destination to a `.invalid` host, reads,
 * renames and lists it, and deletes it whatever the steps between answered.
 */
export const destinationLifecycle: SampleFlow = {
  key: 'kit.sample:observability-lifecycle',
  paid: 0,
  async make(client) {
    const created = await client.send({ method: 'POST', path: PATH, auth: 'management', body: INERT_DESTINATION });
    const answers: Record<string, Exchange> = { 'observability.create': created };
    const id = dataId(created);
    if (!id) return answers;
    try {
      answers['observability.get'] = await client.send({ method: 'GET', path: one(id), auth: 'management' });
      answers['observability.update'] = await client.send({ method: 'PATCH', path: one(id), auth: 'management', body: { name: `${NAME} (renamed)` } });
    } finally {
      answers['observability.delete'] = await client.send({ method: 'DELETE', path: one(id), auth: 'management' });
    }
    return answers;
  },
};

const creates = 'creates one disabled webhook destination to a .invalid host, and deletes it, with the management key only';
const removeDestination = (answer: Exchange): Probe | undefined => {
  const id = dataId(answer);
  return id ? { method: 'DELETE', path: one(id), auth: 'management' } : undefined;
};

/** The kit's declarations of the observability operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'observability.list', request: () => ({ method: 'GET', path: `${PATH}?limit=5` }), badInput: () => [badQuery(PATH, 'limit=101')] },
  {
    endpoint: 'observability.create',
    request: () => ({ method: 'POST', path: PATH, body: INERT_DESTINATION }),
    sample: destinationLifecycle,
    creates,
    cleanup: removeDestination,
    badInput: () => [malformedJson(PATH), wrongType(PATH, { ...INERT_DESTINATION, name: 42 }, 'name')],
  },
  ...(['observability.get', 'observability.update', 'observability.delete'] as const).map((endpoint): OperationDeclaration => {
    const method = endpoint === 'observability.get' ? 'GET' : endpoint === 'observability.update' ? 'PATCH' : 'DELETE';
    const body = method === 'PATCH' ? { name: NAME } : undefined;
    return {
      endpoint,
      request: () => ({ method, path: one(UNISSUED_ID), ...(body ? { body } : {}) }),
      sample: destinationLifecycle,
      creates,
      badInput: () => [unknownId(one(UNISSUED_ID), 'destination id', method, body)],
    };
  }),
];
