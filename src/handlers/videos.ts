import type { ApiKey } from '../auth/api-key.ts';
import { statusesFor } from '../errors/documented-statuses.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import type { Route } from '../http/route.ts';
import { hash53 } from '../random/hash.ts';
import { videoContentKey } from '../videos/video-content-key.ts';
import { buildMp4 } from '../videos/build-mp4.ts';
import { videoJobStatus } from '../videos/video-job-state.ts';
import { createVideoJobs, type VideoJobs, type VideoJobsPageQuery } from '../videos/video-jobs.ts';
import type { VideoJobRecord } from '../schemas/video-job-record.ts';
import type { Reservation } from '../account/reservation.ts';
import { jsonResponse } from '../http/raw-body.ts';

/** `?index=` of the content operation: absent or null means 0 (reference: integer >= 0, default 0). */
function contentIndex(url: URL): number {
  const raw = url.searchParams.get('index');
  if (raw === null || raw === '' || raw === 'null') return 0;
  if (!/^\d+$/.test(raw)) throw new GatewayError(400, `index: must be a whole number >= 0 (got "${raw.slice(0, 40)}")`);
  return Number(raw);
}

/** The control listing's page size: default and most. */
const PAGE_DEFAULT = 100;
const PAGE_MAX = 1000;

/** `?limit=&after=&order=` of `GET /__gatewaykit/videos`. */
function pageQuery(url: URL): VideoJobsPageQuery {
  const raw = url.searchParams.get('limit');
  if (raw !== null && !/^[1-9]\d{0,6}$/.test(raw)) throw new GatewayError(400, `limit: must be a whole number from 1 to ${PAGE_MAX} (got "${raw.slice(0, 40)}")`);
  const limit = raw === null ? PAGE_DEFAULT : Number(raw);
  if (limit > PAGE_MAX) throw new GatewayError(400, `limit: must be a whole number from 1 to ${PAGE_MAX} (got ${limit})`);
  const order = url.searchParams.get('order') ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw new GatewayError(400, `order: must be asc (oldest first) or desc (newest first) (got "${order.slice(0, 40)}")`);
  const after = url.searchParams.get('after');
  return { limit, order, ...(after !== null ? { after } : {}) };
}

/**
 * POST /videos (spec 4.2), GET /videos/:jobId (the polling URL, spec 4.3),
 * GET /videos/:jobId/content (reference), and the control operations
 * `POST /__gatewaykit/videos/:jobId/cancel` and `GET /__gatewaykit/videos`.
 */
export function videosRoutes(env: GatewayEnv, jobs: VideoJobs = createVideoJobs(env)): Route[] {
  // Jobs belong to the key that created them: another key gets the same 404 as an unknown id.
  const findJob = (id: string | undefined, apiKey: ApiKey | undefined) => {
    const job = id === undefined ? undefined : jobs.getFor(id, apiKey);
    if (!job) throw new GatewayError(404, `No video job ${id ?? ''}`);
    return job;
  };
  return [
    {
      method: 'POST',
      path: '/videos',
      operation: 'videos.create',
      auth: 'key',
      paid: true,
      faults: statusesFor('videos'),
      async handle(ctx) {
        const body = await ctx.json();
        // A job that will complete is paid for at submission, under the generation id its view
        // shows once processed (GET /generation); a job that fails or stalls costs nothing. Its
        // cost is held before the job is saved (docs/account.md), and settled once it is accepted.
        let hold: Reservation | undefined;
        const admit = (job: VideoJobRecord) => {
          if (job.fate.kind === 'complete' && ctx.apiKey) hold = ctx.reserve(job.cost);
        };
        const job = await jobs.submit({ body, sessionHeader: ctx.request.headers.get('x-session-id'), apiKey: ctx.apiKey, admit });
        if (hold && ctx.apiKey) {
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
            apiKey: ctx.apiKey.key,
            numMediaPrompt: 0,
          });
        }
        // reference: submit answers 202 Accepted with the job in state pending (spec 2.8).
        return jsonResponse(jobs.view(job), { status: 202 });
      },
    },
    {
      method: 'GET',
      path: '/videos/:jobId',
      operation: 'videos.get',
      auth: 'key',
      faults: [401, 404, 500],
      async handle(ctx) {
        await jobs.ready;
        return jsonResponse(jobs.view(findJob(ctx.params.jobId, ctx.apiKey)));
      },
    },
    {
      method: 'GET',
      path: '/videos/:jobId/content',
      operation: 'videos.content',
      auth: 'key',
      faults: [400, 401, 404, 500, 502],
      async handle(ctx) {
        await jobs.ready;
        const job = findJob(ctx.params.jobId, ctx.apiKey);
        const index = contentIndex(ctx.url);
        const status = videoJobStatus(job, env.clock.now());
        if (status !== 'completed') throw new GatewayError(400, `Video job ${job.id} is ${status}; its content is available once it is completed`);
        if (index !== 0) throw new GatewayError(400, `index: job ${job.id} has 1 output (index 0); got ${index}`);
        // Deterministic placeholder: model + parameters + seed (or, without a seed, the job id) pick
        // the colour, the job's duration the length (spec 2.7 Seed).
        const h = hash53(videoContentKey(job), env.seed);
        const bytes = buildMp4({
          durationSeconds: job.provider_request.duration,
          colour: { luma: 40 + (h % 180), cb: 40 + (Math.floor(h / 180) % 180), cr: 40 + (Math.floor(h / 32400) % 180) },
        });
        return new Response(bytes, {
          status: 200,
          headers: { 'content-type': 'video/mp4', 'content-length': String(bytes.length), 'cache-control': 'private, max-age=3600' },
        });
      },
    },
    {
      method: 'POST',
      path: '/__gatewaykit/videos/:jobId/cancel',
      operation: 'control.videos.cancel',
      auth: 'none',
      faults: [],
      control: true,
      handle: async (ctx) => jsonResponse(await jobs.cancel(ctx.params.jobId ?? '')),
    },
    {
      method: 'GET',
      path: '/__gatewaykit/videos',
      operation: 'control.videos.list',
      auth: 'none',
      faults: [],
      control: true,
      async handle(ctx) {
        await jobs.ready;
        const query = pageQuery(ctx.url);
        // Paged: the inspector polls this every second, and a whole store in one answer grew the heap without bound.
        const page = jobs.page(query);
        if (!page) throw new GatewayError(400, `after: no video job ${query.after?.slice(0, 100)} (it may have been evicted; start from the first page)`);
        const now = env.clock.now();
        const last = page.jobs.at(-1);
        return jsonResponse({
          data: page.jobs.map((job) => ({ ...job, status: videoJobStatus(job, now) })),
          has_more: page.hasMore,
          next_after: page.hasMore && last ? last.id : null,
          total: page.total,
          webhook_attempts: jobs.webhookAttempts(),
        });
      },
    },
  ];
}
