import { z } from 'zod';

const Attempt = z.object({ code: z.number().int(), message: z.string(), provider_name: z.string().nullable(), raw: z.string().nullable() });

/** reference `GenerationContentResponse` (the simulator's stored content of one generation). */
export const GenerationContentResponseSchema = z.object({
  data: z.object({
    input: z.object({ messages: z.array(z.object({ role: z.string(), content: z.string() })) }),
    output: z.object({ completion: z.string().nullable(), reasoning: z.string().nullable() }),
    error: z
      .object({
        status: z.number().int().nullable(),
        message: z.string().nullable(),
        provider_name: z.string().nullable(),
        raw: z.string().nullable(),
        previous_errors: z.array(Attempt),
      })
      .nullable(),
  }),
});

/** reference `SubmitGenerationFeedbackRequest`. */
export const GenerationFeedbackRequestSchema = z.object({
  generation_id: z.string().min(1).max(256),
  category: z.enum(['latency', 'incoherence', 'incorrect_response', 'formatting', 'billing', 'api_error', 'other']),
  comment: z.string().max(1000).optional(),
});
