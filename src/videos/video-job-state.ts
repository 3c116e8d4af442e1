import type { VideoJobRecord } from '../schemas/video-job-record.ts';
import type { VideoJob, VideoJobStatus, VideoTerminalStatus, VideoWebhookPayload } from '../schemas/videos.ts';

/**
 * The state of a job at clock reading `now`, a pure function of the stored job (spec 3).
 * pending until `started_at`, in_progress until `finished_at`, then completed or failed by the
 * job's fate; a stalled job stays pending until `expires_at`, then expired; a cancellation at
 * `cancelled_at` (only ever recorded before the natural end) wins from then on. Terminal states
 * therefore never change as `now` grows.
 *
 * @example
 * videoJobStatus(job, job.created_at); // 'pending'
 */
export function videoJobStatus(job: VideoJobRecord, now: number): VideoJobStatus {
  if (job.cancelled_at !== null && now >= job.cancelled_at) return 'cancelled';
  return naturalStatus(job, now);
}

function naturalStatus(job: VideoJobRecord, now: number): VideoJobStatus {
  if (job.fate.kind === 'stall') return now < job.expires_at ? 'pending' : 'expired';
  if (now < job.started_at) return 'pending';
  if (now < job.finished_at) return 'in_progress';
  return job.fate.kind === 'complete' ? 'completed' : 'failed';
}

/** When the job reaches its terminal state if nobody cancels it. */
export function videoJobTerminalAt(job: VideoJobRecord): number {
  if (job.cancelled_at !== null) return job.cancelled_at;
  return job.fate.kind === 'stall' ? job.expires_at : job.finished_at;
}

/** Whether the provider has processed (picked up) the job at `now`: then it has a generation id. */
function processed(job: VideoJobRecord, now: number): boolean {
  if (job.fate.kind === 'stall') return false;
  const until = job.cancelled_at ?? Number.POSITIVE_INFINITY;
  return Math.min(now, until) >= job.started_at;
}

/** The content URLs of a completed job (served by `GET /videos/:jobId/content`). */
export function videoContentUrls(job: VideoJobRecord, baseUrl: string): string[] {
  return [`${baseUrl}/videos/${job.id}/content?index=0`];
}

/**
 * The job as `POST /videos` and `GET /videos/:jobId` answer it (spec 2.8, reference
 * `VideoGenerationResponse`): `generation_id` once processed, `usage` and `unsigned_urls` once
 * completed, `error` once failed or expired.
 */
export function videoJobView(job: VideoJobRecord, now: number, urls: { basePath: string; baseUrl: string }): VideoJob {
  const status = videoJobStatus(job, now);
  const view: VideoJob = { id: job.id, polling_url: `${urls.basePath}/videos/${job.id}`, status };
  if (processed(job, now)) view.generation_id = job.generation_id;
  if (status === 'completed') {
    view.unsigned_urls = videoContentUrls(job, urls.baseUrl);
    view.usage = { cost: job.cost, is_byok: job.is_byok };
  }
  if ((status === 'failed' || status === 'expired') && job.fate.kind !== 'complete') view.error = job.fate.error;
  return view;
}

/** The webhook body for a job that reached terminal `status` (reference payload). */
export function videoWebhookPayload(job: VideoJobRecord, status: VideoTerminalStatus, baseUrl: string): VideoWebhookPayload {
  const at = status === 'cancelled' && job.cancelled_at !== null ? job.cancelled_at : videoJobTerminalAt(job);
  const view = videoJobView(job, at, { basePath: '', baseUrl });
  return {
    type: `video.generation.${status}`,
    created_at: new Date(at).toISOString(),
    data: {
      id: job.id,
      status,
      generation_id: view.generation_id ?? null,
      model: job.model,
      ...(view.unsigned_urls ? { unsigned_urls: view.unsigned_urls } : {}),
      ...(view.usage ? { usage: view.usage } : {}),
      ...(view.error !== undefined ? { error: view.error } : {}),
    },
  };
}
