import { seededRandom } from '../random/seeded-random.ts';

/**
 * A job id `gen-vid-<unix seconds>-<20 alphanumerics>` (spec 2.8). The alphanumerics come from the
 * gateway seed and the per-gateway submission counter, so identical submissions still get
 * distinct ids and a replay with the same seed gets the same ones.
 *
 * @example
 * videoJobId(0, Date.UTC(2026, 0, 1), 0); // 'gen-vid-1767225600-...'
 */
export function videoJobId(seed: number, nowMs: number, seq: number): string {
  const rng = seededRandom(seed, 'video-job-id', String(seq));
  return `gen-vid-${Math.floor(nowMs / 1000)}-${rng.alphanumeric(20)}`;
}

/** The generation id a job gets once a provider processes it. */
export function videoGenerationId(seed: number, jobId: string): string {
  return `gen-${seededRandom(seed, 'video-generation-id', jobId).alphanumeric(24)}`;
}
