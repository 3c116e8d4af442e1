import type { Probe } from '../../client/probe.ts';
import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { unknownId, wrongMethod } from '../../kit/refusals.ts';
import { generationLookup, NEVER_ISSUED } from '../../kit/generation-lookup.ts';

const lookup = (id: string): Omit<Probe, 'auth'> => ({ method: 'GET', path: `/generation?id=${id}` });

/** The kit's declarations of the account operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'generation.get',
    request: () => lookup(NEVER_ISSUED),
    sample: generationLookup,
    badInput: () => [unknownId(`/generation?id=${NEVER_ISSUED}`, 'generation id')],
  },
  { endpoint: 'key.get', request: () => ({ method: 'GET', path: '/key' }), badInput: () => [wrongMethod('/key')] },
  { endpoint: 'credits.get', request: () => ({ method: 'GET', path: '/credits' }), badInput: () => [wrongMethod('/credits')] },
];
