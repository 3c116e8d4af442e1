import { z } from 'zod';

/** A generation id is at most this long; anything longer cannot be one of ours. */
const MAX_ID_CHARS = 256;

/** reference listGenerationContent query: `id`, required, at least one character. */
export const GenerationContentQuerySchema = z.object({
  id: z
    .string({ error: (i) => (i.input === undefined ? 'required query parameter (the X-Generation-Id of an answer)' : undefined) })
    .min(1)
    .max(MAX_ID_CHARS),
});
