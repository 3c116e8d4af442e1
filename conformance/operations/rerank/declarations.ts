import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { malformedJson, wrongType } from '../../kit/refusals.ts';

export const RERANK_MODEL = 'cohere/rerank-v3.5';
const post = (path: string, body: Record<string, unknown>) => () => ({ method: 'POST' as const, path, body });

/** The kit's declarations of the rerank operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  (() => {
    const body = { model: RERANK_MODEL, query: 'tides', documents: ['The moon moves the tides.', 'Bread needs yeast.'] };
    return {
      endpoint: 'rerank.create',
      request: post('/rerank', body),
      badInput: () => [malformedJson('/rerank'), wrongType('/rerank', { ...body, documents: 'tides' }, 'documents')],
    };
  })(),
];
