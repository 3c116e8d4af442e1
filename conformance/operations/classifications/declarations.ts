import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { wrongMethod } from '../../kit/refusals.ts';

const get = (path: string) => () => ({ method: 'GET' as const, path });

/** The kit's declarations of the classifications operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'classifications.task.get', request: get('/classifications/task'), badInput: () => [wrongMethod('/classifications/task')] },
];
