import type { Operation } from '../operation.ts';

/** Statuses the reference lists for createRerank. */
const RERANK_FAULTS = [400, 401, 402, 404, 429, 500, 502, 503, 524, 529] as const;

/**
 * `POST /rerank` (reference createRerank): relevance of each document to the query from the
 * lexical features embeddings use, most relevant first, billed per search unit.
 */
export const rerankOperation: Operation = {
  name: 'rerank',
  endpoints: [
    {
      method: 'POST',
      path: '/rerank',
      id: 'rerank.create',
      referenceId: 'createRerank',
      summary: 'Rerank documents by relevance to a query',
      auth: 'key',
      paid: true,
      faults: RERANK_FAULTS,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
