import { z } from 'zod';

/** reference `SpeechRequest.response_format`. */
export const SPEECH_FORMATS = ['mp3', 'pcm'] as const;

/**
 * The body of `POST /audio/speech` (reference `SpeechRequest`): `model` and `input` required;
 * `response_format` `pcm` (the default) or `mp3`; `speed` 0.25 to 4 (OpenAI's range).
 */
export const SpeechRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.string().min(1),
  voice: z.string().min(1).optional(),
  response_format: z.enum(SPEECH_FORMATS).optional(),
  speed: z.number().min(0.25).max(4).optional(),
  // reference `SpeechInputReference`: a voice sample and its transcript (voice cloning; the simulated voice ignores them).
  input_references: z
    .array(
      z.discriminatedUnion('type', [
        z.looseObject({ type: z.literal('input_audio'), input_audio: z.looseObject({ data: z.string().min(1), format: z.string().optional() }) }),
        z.looseObject({ type: z.literal('text'), text: z.string().max(10_000) }),
      ]),
    )
    .optional(),
  provider: z.looseObject({ options: z.record(z.string(), z.unknown()).optional() }).optional(),
});
export type SpeechRequest = z.infer<typeof SpeechRequestSchema>;
