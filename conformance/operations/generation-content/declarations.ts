import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery, unknownId } from '../../kit/refusals.ts';
import { generationLookup, NEVER_ISSUED } from '../../kit/generation-lookup.ts';

/** The kit's declarations of the generation-content operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'generation.content.get',
    request: () => ({ method: 'GET', path: `/generation/content?id=${NEVER_ISSUED}` }),
    sample: generationLookup,
    badInput: () => [unknownId(`/generation/content?id=${NEVER_ISSUED}`, 'generation id'), badQuery('/generation/content', '')],
  },
];
