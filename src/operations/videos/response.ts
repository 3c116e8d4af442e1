import type { GatewayEnv } from '../../env/gateway-env.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { hash53 } from '../../random/hash.ts';
import type { VideoJobRecord } from '../../schemas/video-job-record.ts';
import { buildMp4 } from '../../videos/build-mp4.ts';
import { videoContentKey } from '../../videos/video-content-key.ts';
import { videoJobStatus } from '../../videos/video-job-state.ts';

/**
 * The MP4 of a completed job (reference listVideosContent), or the 400 that says why there is
 * none yet. A deterministic placeholder: model + parameters + seed (or, without a seed, the job
 * id) pick the colour, the job's duration the length (spec 2.7 Seed).
 *
 * @example
 * const answer = videoContent(env, job, 0); // 200 video/mp4
 */
export function videoContent(env: Pick<GatewayEnv, 'clock' | 'seed'>, job: VideoJobRecord, index: number): Response {
  const status = videoJobStatus(job, env.clock.now());
  if (status !== 'completed') throw new GatewayError(400, `Video job ${job.id} is ${status}; its content is available once it is completed`);
  if (index !== 0) throw new GatewayError(400, `index: job ${job.id} has 1 output (index 0); got ${index}`);
  const h = hash53(videoContentKey(job), env.seed);
  const bytes = buildMp4({
    durationSeconds: job.provider_request.duration,
    colour: { luma: 40 + (h % 180), cb: 40 + (Math.floor(h / 180) % 180), cr: 40 + (Math.floor(h / 32400) % 180) },
  });
  return new Response(bytes, {
    status: 200,
    headers: { 'content-type': 'video/mp4', 'content-length': String(bytes.length), 'cache-control': 'private, max-age=3600' },
  });
}
