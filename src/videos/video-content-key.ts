import { stableStringify } from '../random/hash.ts';
import type { VideoJobRecord } from '../schemas/video-job-record.ts';

/**
 * What a job's content derives from. With a `seed` (spec 2.7: "with the same seed and parameters
 * repeated requests should give the same result") it is the model and every parameter sent to
 * the provider, seed included, so two jobs alike in those give the same bytes. Without a seed,
 * each job is its own take: the key is the job id.
 *
 * @example
 * videoContentKey(job); // '["google/veo-3.1",{"aspect_ratio":"16:9",...,"seed":42,...}]'
 */
export function videoContentKey(job: Pick<VideoJobRecord, 'id' | 'model' | 'provider_request'>): string {
  if (job.provider_request.seed === null || job.provider_request.seed === undefined) return job.id;
  return stableStringify([job.model, job.provider_request]);
}
