import { GatewayError } from '../errors/gateway-error.ts';
import type { GatewayEnv } from '../env/gateway-env.ts';
import { jsonResponse } from '../http/raw-body.ts';
import type { Route } from '../http/route.ts';
import { videoJobStatus } from '../videos/video-job-state.ts';
import type { VideoJobs, VideoJobsPageQuery } from '../videos/video-jobs.ts';

/** The control listing's page size: default and most. */
const PAGE_DEFAULT = 100;
const PAGE_MAX = 1000;

/** `?limit=&after=&order=` of `GET /__gatewaykit/videos`. */
function pageQuery(url: URL): VideoJobsPageQuery {
  const raw = url.searchParams.get('limit');
  if (raw !== null && !/^[1-9]\d{0,6}$/.test(raw))
    throw new GatewayError(400, `limit: must be a whole number from 1 to ${PAGE_MAX} (got "${raw.slice(0, 40)}")`);
  const limit = raw === null ? PAGE_DEFAULT : Number(raw);
  if (limit > PAGE_MAX) throw new GatewayError(400, `limit: must be a whole number from 1 to ${PAGE_MAX} (got ${limit})`);
  const order = url.searchParams.get('order') ?? 'asc';
  if (order !== 'asc' && order !== 'desc')
    throw new GatewayError(400, `order: must be asc (oldest first) or desc (newest first) (got "${order.slice(0, 40)}")`);
  const after = url.searchParams.get('after');
  return { limit, order, ...(after !== null ? { after } : {}) };
}

/**
 * The control operations of video jobs: `POST /__gatewaykit/videos/:jobId/cancel` and
 * `GET /__gatewaykit/videos` (the inspector's list, paged).
 */
export function videosControlRoutes(env: GatewayEnv, jobs: VideoJobs): Route[] {
  return [
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
