import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { badQuery, malformedJson, wrongType } from '../../kit/refusals.ts';

const get = (path: string) => () => ({ method: 'GET' as const, path });

export const EMBEDDING_MODEL = 'openai/text-embedding-3-small';
const post = (path: string, body: Record<string, unknown>) => () => ({ method: 'POST' as const, path, body });

/** The kit's declarations of the embeddings operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'embeddings.models.list', request: get('/embeddings/models'), badInput: () => [badQuery('/embeddings/models', 'limit=abc')] },
  (() => {
    const body = { model: EMBEDDING_MODEL, input: 'tides' };
    return {
      endpoint: 'embeddings.create',
      request: post('/embeddings', body),
      badInput: () => [malformedJson('/embeddings'), wrongType('/embeddings', { ...body, input: 5 }, 'input')],
      handWritten: { shape: 'embeddings.shape' },
    };
  })(),
];
