import type { Reservation } from '../../account/reservation.ts';
import type { ApiKey } from '../../auth/api-key.ts';
import type { GatewayEnv } from '../../env/gateway-env.ts';
import type { VideoJobRecord } from '../../schemas/video-job-record.ts';

/**
 * A job that will complete is paid for at submission, under the generation id its view shows once
 * processed (GET /generation); a job that fails or stalls costs nothing. Its cost was held before
 * the job was saved (docs/account.md); this settles the hold once the job is accepted.
 *
 * @example
 * recordVideoGeneration(env, hold, job, ctx.apiKey);
 */
export function recordVideoGeneration(env: Pick<GatewayEnv, 'catalog'>, hold: Reservation, job: VideoJobRecord, apiKey: ApiKey): void {
  hold.settle({
    id: job.generation_id,
    apiType: 'video',
    model: job.model,
    providerName: env.catalog.providers.find((p) => p.slug === job.provider)?.name ?? job.provider,
    streamed: false,
    finishReason: 'stop',
    nativeFinishReason: 'completed',
    tokensPrompt: 0,
    tokensCompletion: 0,
    cost: job.cost,
    isByok: job.is_byok,
    createdAt: job.created_at,
    latencyMs: job.finished_at - job.created_at,
    generationTimeMs: job.finished_at - job.started_at,
    apiKey: apiKey.key,
    numMediaPrompt: 0,
  });
}
