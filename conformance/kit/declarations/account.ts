import { exchangeJson } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { baseResponsesRequest } from '../../requests.ts';
import type { OperationDeclaration, SampleFlow } from '../operation-declaration.ts';
import { unknownId, wrongMethod } from '../refusals.ts';

/**
 * A generation the lookup can describe: one paid Responses answer (one unit of the budget), then
 * `GET /generation?id=` its `X-Generation-Id`.
 */
const generationLookup: SampleFlow = {
  key: 'kit.sample:generation.get',
  paid: 1,
  async make(client, ctx) {
    const paid = await client.send({ method: 'POST', path: '/responses', body: baseResponsesRequest(ctx.model) });
    const id = paid.headers['x-generation-id'] ?? (exchangeJson(paid) as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') return {};
    return { 'generation.get': await client.send({ method: 'GET', path: `/generation?id=${encodeURIComponent(id)}` }) };
  },
};

const lookup = (id: string): Omit<Probe, 'auth'> => ({ method: 'GET', path: `/generation?id=${id}` });

/** The account operations: a generation's lookup, the key's own record, the account's credits. */
export const ACCOUNT_DECLARATIONS: readonly OperationDeclaration[] = [
  {
    endpoint: 'generation.get',
    request: () => lookup('gen-gatewaykit-conformance-never-issued'),
    sample: generationLookup,
    badInput: () => [unknownId('/generation?id=gen-gatewaykit-conformance-never-issued', 'generation id')],
  },
  { endpoint: 'key.get', request: () => ({ method: 'GET', path: '/key' }), badInput: () => [wrongMethod('/key')] },
  { endpoint: 'credits.get', request: () => ({ method: 'GET', path: '/credits' }), badInput: () => [wrongMethod('/credits')] },
];
