import { z } from 'zod';

/**
 * A speech-to-text model of the catalogue (POST /audio/transcriptions, spec 4.4; shapes from the
 * reference `STTRequest`/`STTResponse`). Prices are USD per minute or per second of input audio,
 * because speech providers bill audio time, not tokens.
 *
 * @example
 * SpeechModelSchema.parse({
 *   id: 'openai/whisper-large-v3', name: 'Whisper large v3', provider: 'openai',
 *   pricing: { per_minute: 0.006 }, formats: ['wav', 'mp3'], max_file_bytes: 26_214_400,
 * });
 */
export const SpeechModelSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** Provider slug that serves the model. */
  provider: z.string().min(1).default('openai'),
  /** USD per minute or per second of input audio (at least one). */
  pricing: z
    .object({ per_minute: z.number().nonnegative().optional(), per_second: z.number().nonnegative().optional() })
    .refine((p) => p.per_minute !== undefined || p.per_second !== undefined, { message: 'pricing needs per_minute or per_second' })
    .default({ per_minute: 0.006 }),
  /** Audio formats (lower-case names, as `input_audio.format` spells them) the model accepts. */
  formats: z.array(z.string().min(1)).min(1).default(['wav', 'mp3', 'flac', 'm4a', 'ogg', 'webm']),
  /** Largest decoded audio file the model accepts, in bytes (413 past it). */
  max_file_bytes: z
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /** `response_format` values the model supports (reference: verbose_json only on OpenAI-compatible providers). */
  response_formats: z
    .array(z.enum(['json', 'verbose_json']))
    .min(1)
    .default(['json']),
});
export type SpeechModel = z.infer<typeof SpeechModelSchema>;

/** USD per second of audio for a speech model. */
export function speechPricePerSecond(model: SpeechModel): number {
  return model.pricing.per_second ?? (model.pricing.per_minute ?? 0) / 60;
}
