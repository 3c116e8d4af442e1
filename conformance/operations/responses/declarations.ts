import { baseResponsesRequest } from '../../requests.ts';
import type { OperationDeclaration } from '../../kit/operation-declaration.ts';

const none = () => [];

/** The kit's declarations of the responses operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'responses.create',
    request: (ctx) => ({ method: 'POST', path: '/responses', body: baseResponsesRequest(ctx.model) }),
    badInput: none,
    handWritten: { shape: 'result.shape', errors: 'errors.envelope', auth: 'auth.missing-key' },
  },
];
