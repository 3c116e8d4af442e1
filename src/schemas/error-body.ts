import { z } from 'zod';

/** Spec 7: the error envelope every non-2xx answer carries. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  user_id: z.string().nullable().optional(),
  gateway_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ErrorBodyShape = z.infer<typeof ErrorBodySchema>;
