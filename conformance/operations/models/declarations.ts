import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery, unknownId } from '../../kit/refusals.ts';

/** A model slug no gateway lists (author and name segments, as the paths take them). */
const UNLISTED_MODEL = 'gatewaykit-conformance/no-such-model';

const get = (path: string) => () => ({ method: 'GET' as const, path });

// The listings that page (reference offset and limit) are judged on a page of five: the same shape, a fraction of the bytes.

/** The kit's declarations of the models operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'models.list', request: get('/models?limit=5'), badInput: () => [badQuery('/models', 'limit=abc')] },
  {
    endpoint: 'models.endpoints.list',
    request: (ctx) => ({ method: 'GET', path: `/models/${ctx.model}/endpoints` }),
    badInput: () => [unknownId(`/models/${UNLISTED_MODEL}/endpoints`, 'model')],
  },
];
