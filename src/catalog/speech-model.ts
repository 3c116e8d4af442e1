import { z } from 'zod';

/** A speech-to-text model. (Owned by the audio area; extend freely.) */
export const SpeechModelSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
});
export type SpeechModel = z.infer<typeof SpeechModelSchema>;
