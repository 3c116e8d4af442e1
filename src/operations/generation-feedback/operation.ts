import type { Operation } from '../operation.ts';

/** Statuses the reference lists for submitGenerationFeedback. */
const FEEDBACK_FAULTS = [400, 401, 404, 429, 500] as const;
/** A feedback body is a category and a comment of at most 1000 characters. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * `POST /generation/feedback` (reference submitGenerationFeedback, management key): feedback on a
 * generation this gateway still knows (its record or its stored content; 404 otherwise). It is
 * recorded in the request journal, where the inspector and `GET /__gatewaykit/requests` show it
 * under the operation `generation.feedback` (docs/account.md).
 */
export const generationFeedbackOperation: Operation = {
  name: 'generation-feedback',
  endpoints: [
    {
      method: 'POST',
      path: '/generation/feedback',
      id: 'generation.feedback',
      referenceId: 'submitGenerationFeedback',
      summary: 'Submit feedback for a generation',
      auth: 'management',
      faults: FEEDBACK_FAULTS,
      maxBodyBytes: MAX_BODY_BYTES,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
