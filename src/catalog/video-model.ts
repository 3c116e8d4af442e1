import { z } from 'zod';

/** A video model with its capability flags and timing profile. (Owned by the videos area; extend freely.) */
export const VideoModelSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
});
export type VideoModel = z.infer<typeof VideoModelSchema>;
