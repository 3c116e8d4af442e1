/** reference `SubmitGenerationFeedbackRequest`, validated once (src/schemas/generation-content.ts). */
export { GenerationFeedbackRequestSchema } from '../../schemas/generation-content.ts';
