import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery } from '../../kit/refusals.ts';

const get = (path: string) => () => ({ method: 'GET' as const, path });

// The listings that page (reference offset and limit) are judged on a page of five: the same shape, a fraction of the bytes.

/** The kit's declarations of the models-user operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'models.user.list', request: get('/models/user?limit=5'), badInput: () => [badQuery('/models/user', 'limit=abc')] },
];
