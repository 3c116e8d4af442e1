import { z } from 'zod';
import { VIDEO_ASPECT_RATIOS, VIDEO_FRAME_TYPES, VIDEO_REFERENCE_KINDS, VIDEO_RESOLUTIONS } from '../schemas/video-vocabulary.ts';

// The video vocabulary is the API's (schemas/); the catalogue names which of it a model supports.
export { VIDEO_ASPECT_RATIOS, VIDEO_FRAME_TYPES, VIDEO_REFERENCE_KINDS, VIDEO_RESOLUTIONS } from '../schemas/video-vocabulary.ts';
export type { VideoAspectRatio, VideoFrameType, VideoReferenceKind, VideoResolution } from '../schemas/video-vocabulary.ts';

/**
 * How the simulator runs jobs of a model. Not part of the public model listing
 * (see {@link videoModelListing}); the timing formula is in docs/videos.md.
 */
export const VideoModelSimulationSchema = z.object({
  /** Slug of the provider serving the model (the endpoint); `env.providerFaults` is keyed by it. */
  provider: z.string().min(1),
  /** spec 2.7: `prompt` is optional for models that can work from image input alone. */
  prompt_optional_with_images: z.boolean().default(false),
  /** spec 2.7 `previous_job_id`: only models that support continuation accept it. */
  supports_continuation: z.boolean().default(false),
  /** Reference kinds the provider honors; the others are ignored and recorded in the job (spec 2.7). */
  reference_kinds: z.array(z.enum(VIDEO_REFERENCE_KINDS)).default(['image']),
  /** Upscalers need a video to work on: an `input_references` video or a `previous_job_id`. */
  requires_video_input: z.boolean().default(false),
  /** Time a job waits before a provider picks it up (pending). */
  queue_ms: z.number().int().min(0).default(2_000),
  /** Generation time = base_ms + per_second_ms * duration * (pixels / 1280x720), at least base_ms. */
  base_ms: z.number().int().min(0).default(10_000),
  per_second_ms: z.number().int().min(0).default(3_000),
  /** A job not picked up within this time expires (the provider was unavailable). */
  pickup_deadline_ms: z.number().int().positive().default(600_000),
  /** Duration used when the request gives none. */
  default_duration: z.number().int().positive().default(5),
  /** USD per generated second, and per second with audio. */
  price_per_second: z.number().min(0).default(0.1),
  price_per_second_audio: z.number().min(0).optional(),
});
export type VideoModelSimulation = z.infer<typeof VideoModelSimulationSchema>;

/**
 * A video model: the fields of the reference's video model listing (`GET /videos/models`,
 * schema `VideoModel`) plus the simulator's `simulation` profile.
 */
export const VideoModelSchema = z.looseObject({
  id: z.string().min(1),
  canonical_slug: z.string().min(1).optional(),
  name: z.string().min(1),
  created: z.number().int().default(1_700_000_000),
  description: z.string().default(''),
  supported_resolutions: z.array(z.enum(VIDEO_RESOLUTIONS)).nullable().default(null),
  supported_aspect_ratios: z.array(z.enum(VIDEO_ASPECT_RATIOS)).nullable().default(null),
  /** `WIDTHxHEIGHT` strings, or null: any size consistent with the other rules. */
  supported_sizes: z
    .array(z.string().regex(/^\d+x\d+$/))
    .nullable()
    .default(null),
  supported_durations: z.array(z.number().int().positive()).nullable().default(null),
  /** null: the model takes no frame images. */
  supported_frame_images: z.array(z.enum(VIDEO_FRAME_TYPES)).nullable().default(null),
  /** Upscalers only: allowed `upscale_factor` range. null: a generation model. */
  upscale_factor: z.object({ min: z.number().nullable(), max: z.number().nullable() }).nullable().default(null),
  /** Upscalers only: supported creativity levels. */
  creativity: z.array(z.number()).nullable().default(null),
  /** spec 2.7: the default of `generate_audio`; false/null means audio cannot be generated. */
  generate_audio: z.boolean().nullable().default(null),
  /** Whether `seed` gives deterministic output. */
  seed: z.boolean().nullable().default(null),
  allowed_passthrough_parameters: z.array(z.string()).default([]),
  pricing_skus: z.record(z.string(), z.string()).nullable().default(null),
  hugging_face_id: z.string().nullable().optional(),
  simulation: VideoModelSimulationSchema,
});
export type VideoModel = z.infer<typeof VideoModelSchema>;

/** Whether the model is an upscaler (creativity / upscale_factor apply only to these, spec 2.7). */
export function isUpscalingModel(model: VideoModel): boolean {
  return model.upscale_factor !== null;
}

/**
 * The entry `GET /videos/models` lists for a model: the reference `VideoModel` fields, without the
 * simulator's `simulation` profile.
 *
 * @example
 * const data = env.catalog.videoModels.map(videoModelListing);
 */
export function videoModelListing(model: VideoModel): Record<string, unknown> {
  const { simulation: _simulation, ...listed } = model;
  return { ...listed, canonical_slug: model.canonical_slug ?? model.id };
}
