import { z } from 'zod';

/** A text model and the provider endpoints that serve it. (Owned by the routing area; extend freely.) */
export const TextModelSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  context_length: z.number().int().positive(),
  reasoning: z.boolean().default(false),
  endpoints: z.array(z.looseObject({ provider: z.string().min(1) })).min(1),
});
export type TextModel = z.infer<typeof TextModelSchema>;
