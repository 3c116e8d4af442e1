import { z } from 'zod';
import { utf8ByteLength } from '../bytes/utf8-length.ts';
import { VIDEO_ASPECT_RATIOS, VIDEO_FRAME_TYPES, VIDEO_RESOLUTIONS } from './video-vocabulary.ts';

/** spec 2.8: `gen-vid-<timestamp>-<20 alphanumerics>`. */
export const VIDEO_JOB_ID_PATTERN = /^gen-vid-[0-9]+-[0-9A-Za-z]{20}$/;

/** spec 3: every state a video job can be in. */
export const VIDEO_JOB_STATUSES = ['pending', 'in_progress', 'completed', 'failed', 'cancelled', 'expired'] as const;
export type VideoJobStatus = (typeof VIDEO_JOB_STATUSES)[number];
/** States a job never leaves. */
export const VIDEO_TERMINAL_STATUSES = ['completed', 'failed', 'cancelled', 'expired'] as const;
export type VideoTerminalStatus = (typeof VIDEO_TERMINAL_STATUSES)[number];

/**
 * Whether a job status is final (the job never leaves it).
 *
 * @example
 * isTerminalVideoStatus('completed'); // true
 */
export function isTerminalVideoStatus(status: VideoJobStatus): status is VideoTerminalStatus {
  return (VIDEO_TERMINAL_STATUSES as readonly string[]).includes(status);
}

const url = z.object({ url: z.string().min(1, 'must be a non-empty URL') }).strict();

/** reference `FrameImage`: an image_url part plus `frame_type` (spec 2.7 "Frame images"). */
export const FrameImageSchema = z
  .object({
    type: z.literal('image_url'),
    image_url: url,
    frame_type: z.enum(VIDEO_FRAME_TYPES, { error: 'must be first_frame or last_frame' }),
  })
  .strict();

/** reference `InputReference`: image, audio or video reference (spec 2.7 "Reference assets"). */
export const InputReferenceSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('image_url'), image_url: url }).strict(),
    z.object({ type: z.literal('audio_url'), audio_url: url }).strict(),
    z.object({ type: z.literal('video_url'), video_url: url }).strict(),
  ],
  { error: 'type must be image_url, audio_url or video_url' },
);
export type InputReference = z.infer<typeof InputReferenceSchema>;

const max256 = z.string().max(256, 'at most 256 characters (spec 8)');
/**
 * A prompt is stored with its job and written to the state file: bounded, so one request cannot
 * make every later save carry megabytes. Far above any provider's limit.
 */
export const MAX_VIDEO_PROMPT_CHARS = 32_000;
/** `callback_url` is stored with its job: at most this many characters (browsers' practical URL limit). */
export const MAX_VIDEO_CALLBACK_URL_CHARS = 2048;
/**
 * `trace` and `provider.options` are stored with the job as given: each at most this many bytes
 * as JSON (UTF-8), so every job record, and every line of a state file, stays small.
 */
export const MAX_VIDEO_PASSTHROUGH_JSON_BYTES = 16 * 1024;

/** An object stored whole with its job, bounded by its size as JSON. */
const boundedJson = <T extends z.ZodType<Record<string, unknown>>>(schema: T) =>
  schema.refine((value) => utf8ByteLength(JSON.stringify(value)) <= MAX_VIDEO_PASSTHROUGH_JSON_BYTES, {
    error: `at most ${MAX_VIDEO_PASSTHROUGH_JSON_BYTES} bytes as JSON (it is stored with the job)`,
  });

/**
 * The body of `POST /videos` (spec 2.7, field names from the reference `VideoGenerationRequest`).
 * Rules that depend on the chosen model (supported values, upscaler-only fields, prompt optional
 * with images, continuation) are checked by `prepareVideoJob`. Unknown top-level fields are
 * accepted and ignored: the reference does not forbid them, and `/responses` accepts them too.
 *
 * @example
 * VideoGenerationRequestSchema.parse({ model: 'google/veo-3.1', prompt: 'A kite', x_client_tag: 'a' });
 */
export const VideoGenerationRequestSchema = z.looseObject({
  model: z.string().min(1, 'must be a model slug').optional(),
  prompt: z.string().max(MAX_VIDEO_PROMPT_CHARS, `at most ${MAX_VIDEO_PROMPT_CHARS} characters`).optional(),
  aspect_ratio: z.enum(VIDEO_ASPECT_RATIOS, { error: `must be one of ${VIDEO_ASPECT_RATIOS.join(', ')}` }).optional(),
  resolution: z.enum(VIDEO_RESOLUTIONS, { error: `must be one of ${VIDEO_RESOLUTIONS.join(', ')}` }).optional(),
  duration: z.number().int('must be a whole number of seconds').min(1, 'must be at least 1 second (spec 8)').optional(),
  size: z
    .string()
    .regex(/^[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$/, 'must be WIDTHxHEIGHT in pixels, e.g. 1280x720')
    .optional(),
  generate_audio: z.boolean().optional(),
  seed: z.number().int('must be an integer').optional(),
  frame_images: z.array(FrameImageSchema).max(2, 'at most 2 frame images (one first_frame, one last_frame)').optional(),
  input_references: z.array(InputReferenceSchema).max(16, 'at most 16 references').optional(),
  callback_url: z.string().min(1).max(MAX_VIDEO_CALLBACK_URL_CHARS, `at most ${MAX_VIDEO_CALLBACK_URL_CHARS} characters`).optional(),
  creativity: z.number().optional(),
  upscale_factor: z.number().gt(0, 'must be > 0').optional(),
  provider: z
    .object({ options: boundedJson(z.record(z.string(), z.record(z.string(), z.unknown(), { error: 'must be an object of provider options' }))).optional() })
    .strict()
    .optional(),
  trace: boundedJson(z.record(z.string(), z.unknown())).optional(),
  user: max256.optional(),
  session_id: max256.optional(),
  previous_job_id: z.string().regex(VIDEO_JOB_ID_PATTERN, 'must match ^gen-vid-[0-9]+-[0-9A-Za-z]{20}$ (spec 2.7)').optional(),
});
export type VideoGenerationRequest = z.infer<typeof VideoGenerationRequestSchema>;

/** reference `VideoGenerationUsage`. */
export const VideoUsageSchema = z.object({ cost: z.number().nullable(), is_byok: z.boolean() });
export type VideoUsage = z.infer<typeof VideoUsageSchema>;

/** spec 2.8 and the reference `VideoGenerationResponse`: the submit answer and the polled job. */
export const VideoJobSchema = z.object({
  id: z.string().regex(VIDEO_JOB_ID_PATTERN),
  polling_url: z.string(),
  status: z.enum(VIDEO_JOB_STATUSES),
  generation_id: z.string().optional(),
  usage: VideoUsageSchema.optional(),
  unsigned_urls: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export type VideoJob = z.infer<typeof VideoJobSchema>;

/** The webhook sent on each terminal state (reference; headers in docs/videos.md). */
export const VideoWebhookPayloadSchema = z.object({
  type: z.enum(['video.generation.completed', 'video.generation.failed', 'video.generation.cancelled', 'video.generation.expired']),
  created_at: z.string(),
  data: z.object({
    id: z.string(),
    status: z.enum(VIDEO_TERMINAL_STATUSES),
    generation_id: z.string().nullable(),
    model: z.string().nullable(),
    unsigned_urls: z.array(z.string()).optional(),
    usage: VideoUsageSchema.optional(),
    error: z.string().optional(),
  }),
});
export type VideoWebhookPayload = z.infer<typeof VideoWebhookPayloadSchema>;
