import { z } from 'zod';

/** reference `SpeechRequest.response_format`. */
export const TTS_FORMATS = ['mp3', 'pcm'] as const;
export type TtsFormat = (typeof TTS_FORMATS)[number];

/**
 * A text-to-speech model of the catalogue (`POST /audio/speech`, reference `createAudioSpeech`):
 * its voices (the first is the default) and its provider endpoints, priced per input character.
 *
 * @example
 * TtsModelSchema.parse({ id: 'acme/voice', name: 'Acme Voice', voices: ['alloy'], endpoints: [{ provider: 'acme', provider_name: 'Acme', price_per_character: 0.000015 }] });
 */
export const TtsModelSchema = z.object({
  id: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'a speech model id is author/slug'),
  name: z.string().min(1),
  voices: z.array(z.string().min(1)).min(1),
  /** Longest `input` in characters. */
  max_input_chars: z.number().int().positive().default(4096),
  endpoints: z
    .array(
      z.object({
        provider: z.string().min(1),
        provider_name: z.string().min(1),
        /** USD per character of `input`. */
        price_per_character: z.number().nonnegative(),
        latency: z.number().positive().default(0.5),
      }),
    )
    .min(1),
});
export type TtsModel = z.infer<typeof TtsModelSchema>;
export type TtsModelInput = z.input<typeof TtsModelSchema>;
