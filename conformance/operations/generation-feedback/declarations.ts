import type { OperationDeclaration } from '../../kit/operation-declaration.ts';
import { malformedJson, unknownId, wrongType } from '../../kit/refusals.ts';
import { generationLookup, feedbackOn, NEVER_ISSUED } from '../../kit/generation-lookup.ts';

/** The kit's declarations of the generation-feedback operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  {
    endpoint: 'generation.feedback',
    request: () => ({ method: 'POST', path: '/generation/feedback', body: feedbackOn(NEVER_ISSUED) }),
    sample: generationLookup,
    badInput: () => [
      malformedJson('/generation/feedback'),
      wrongType('/generation/feedback', { generation_id: NEVER_ISSUED, category: 7 }, 'category'),
      unknownId('/generation/feedback', 'generation id', 'POST', feedbackOn(NEVER_ISSUED)),
    ],
  },
];
