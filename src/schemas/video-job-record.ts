import { z } from 'zod';
import { VIDEO_REFERENCE_KINDS } from './video-vocabulary.ts';
import { VIDEO_TERMINAL_STATUSES } from './videos.ts';

/**
 * How a job ends, decided when it is accepted (the provider call happens at submission):
 * `complete`, `fail` (a programmed provider fault), or `stall` (the provider is overloaded or
 * unavailable, so nobody picks the job up and it expires).
 */
export const VideoJobFateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('complete') }),
  z.object({ kind: z.literal('fail'), error: z.string() }),
  z.object({ kind: z.literal('stall'), error: z.string() }),
]);
export type VideoJobFate = z.infer<typeof VideoJobFateSchema>;

/** Progress of the terminal-state webhook of a job (kept so a restart resumes it). */
export const VideoWebhookStateSchema = z.object({
  url: z.string(),
  /** The terminal status last delivered (2xx), or null. */
  delivered: z.enum(VIDEO_TERMINAL_STATUSES).nullable(),
  attempts: z.number().int().min(0),
  /** Clock time of the next retry, or null when none is scheduled. */
  next_attempt_at: z.number().nullable(),
  gave_up: z.boolean(),
  last_error: z.string().nullable(),
});
export type VideoWebhookState = z.infer<typeof VideoWebhookStateSchema>;

/**
 * A stored video job: everything needed to compute its state at any clock reading
 * (`videoJobStatus(job, now)`), to answer polls, and to resume after a restart.
 */
export const VideoJobRecordSchema = z.object({
  id: z.string(),
  /** Per-gateway submission counter (ids stay unique for identical submissions). */
  seq: z.number().int().min(0),
  model: z.string(),
  provider: z.string(),
  /** Clock times in ms. */
  created_at: z.number(),
  started_at: z.number(),
  finished_at: z.number(),
  /** For a stalled job: when it expires. */
  expires_at: z.number(),
  cancelled_at: z.number().nullable(),
  fate: VideoJobFateSchema,
  generation_id: z.string(),
  cost: z.number(),
  is_byok: z.boolean(),
  /** What is sent to the provider (no user, session_id or callback: spec 2.7). */
  provider_request: z.object({
    prompt: z.string().nullable(),
    duration: z.number(),
    width: z.number(),
    height: z.number(),
    resolution: z.string().nullable(),
    aspect_ratio: z.string().nullable(),
    generate_audio: z.boolean(),
    seed: z.number().nullable(),
    frame_images: z.array(z.string()),
    references: z.array(z.enum(VIDEO_REFERENCE_KINDS)),
    options: z.record(z.string(), z.unknown()),
    creativity: z.number().nullable(),
    upscale_factor: z.number().nullable(),
    previous_job_id: z.string().nullable(),
  }),
  /** Reference kinds the provider cannot use: accepted and ignored (spec 2.7). */
  ignored_references: z.array(z.enum(VIDEO_REFERENCE_KINDS)),
  /** Observability only, never sent to the provider (spec 2.7). */
  session_id: z.string().nullable(),
  user: z.string().nullable(),
  trace: z.record(z.string(), z.unknown()).nullable(),
  webhook: VideoWebhookStateSchema.nullable(),
  /**
   * Who may see the job: a hash of the API key that created it (never the key). Others get 404,
   * as on a multi-tenant gateway. Absent on jobs saved before owners were kept (visible to all).
   */
  owner: z.string().nullable().optional(),
});
export type VideoJobRecord = z.infer<typeof VideoJobRecordSchema>;
