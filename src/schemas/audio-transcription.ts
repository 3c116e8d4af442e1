import { z } from 'zod';

/**
 * POST /audio/transcriptions (spec 4.4: "the request body also accepts multipart/form-data";
 * shapes from the reference `STTRequest`, `STTResponse`, `STTUsage`, `STTSegment`, `STTWord`).
 */

/** Reference `STTRequest.response_format`: `json` (default) or `verbose_json`. */
export const TranscriptionResponseFormatSchema = z.enum(['json', 'verbose_json']);
export type TranscriptionResponseFormat = z.infer<typeof TranscriptionResponseFormatSchema>;

/** Reference `STTTimestampGranularity`. */
export const TimestampGranularitySchema = z.enum(['word', 'segment']);
export type TimestampGranularity = z.infer<typeof TimestampGranularitySchema>;

/** Reference `STTInputAudio`: base64 bytes (not a data URI) and a format name. */
export const TranscriptionInputAudioSchema = z.object({
  data: z.string(),
  format: z.string().min(1),
});

/**
 * The JSON request body (reference `STTRequest`; `model` and `input_audio` required). The
 * reference does not forbid other members, so unknown ones are accepted and ignored.
 *
 * @example
 * TranscriptionRequestSchema.parse({ model: 'openai/whisper-large-v3', input_audio: { data: 'UklGR...', format: 'wav' } });
 */
export const TranscriptionRequestSchema = z.looseObject({
  model: z.string().min(1),
  input_audio: TranscriptionInputAudioSchema,
  language: z.string().optional(),
  provider: z.looseObject({ options: z.record(z.string(), z.unknown()).optional() }).optional(),
  response_format: TranscriptionResponseFormatSchema.optional(),
  temperature: z.number().optional(),
  timestamp_granularities: z.array(TimestampGranularitySchema).optional(),
});
export type TranscriptionRequest = z.infer<typeof TranscriptionRequestSchema>;

/** Reference `STTUsage`. */
export const TranscriptionUsageSchema = z.object({
  cost: z.number().nonnegative().optional(),
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  seconds: z.number().nonnegative().optional(),
  total_tokens: z.number().int().nonnegative().optional(),
});
export type TranscriptionUsage = z.infer<typeof TranscriptionUsageSchema>;

/** Reference `STTSegment` (required: id, start, end, text). */
export const TranscriptionSegmentSchema = z.object({
  id: z.number().int(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
  seek: z.number().int().optional(),
  tokens: z.array(z.number().int()).optional(),
  temperature: z.number().optional(),
  avg_logprob: z.number().optional(),
  compression_ratio: z.number().optional(),
  no_speech_prob: z.number().optional(),
  speaker: z.number().int().optional(),
});
export type TranscriptionSegment = z.infer<typeof TranscriptionSegmentSchema>;

/** Reference `STTWord` (required: word, start, end). */
export const TranscriptionWordSchema = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  speaker: z.number().int().optional(),
});
export type TranscriptionWord = z.infer<typeof TranscriptionWordSchema>;

/**
 * Reference `STTResponse`: `text` required; `task`, `language`, `duration`, `segments` present
 * with `verbose_json`; `words` when word timestamps were asked for.
 */
export const TranscriptionResponseSchema = z.object({
  text: z.string(),
  usage: TranscriptionUsageSchema.optional(),
  task: z.string().optional(),
  language: z.string().optional(),
  duration: z.number().nonnegative().optional(),
  segments: z.array(TranscriptionSegmentSchema).optional(),
  words: z.array(TranscriptionWordSchema).optional(),
});
export type TranscriptionResponse = z.infer<typeof TranscriptionResponseSchema>;
