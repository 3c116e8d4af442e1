import { z } from 'zod';

/**
 * spec 2.1: the Responses request body. PLACEHOLDER: the schemas area replaces this with the
 * complete schema; the exported names stay.
 */
export const ResponsesRequestSchema = z.looseObject({
  model: z.string().optional(),
  models: z.array(z.string()).optional(),
  input: z.union([z.string(), z.array(z.unknown())]).optional(),
  stream: z.boolean().optional(),
  session_id: z.string().max(256).optional(),
});
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;
