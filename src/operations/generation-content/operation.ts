import type { Operation } from '../operation.ts';

/** Statuses the reference lists for listGenerationContent. */
const CONTENT_FAULTS = [401, 403, 404, 429, 500, 502, 524, 529] as const;

/**
 * `GET /generation/content?id=` (reference listGenerationContent): the prompt, completion and
 * reasoning a text generation stored, and its error when it failed. Content is kept with the
 * generation's record: the latest `generationsLimit` answers (1000 by default), and as many
 * failed ones; the oldest are forgotten first, and all on control reset (docs/account.md).
 */
export const generationContentOperation: Operation = {
  name: 'generation-content',
  endpoints: [
    {
      method: 'GET',
      path: '/generation/content',
      id: 'generation.content.get',
      referenceId: 'listGenerationContent',
      summary: 'Get the stored prompt, completion and error of a generation',
      auth: 'key',
      faults: CONTENT_FAULTS,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
