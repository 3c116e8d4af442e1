import type { Reservation } from '../../account/reservation.ts';
import type { ApiKey } from '../../auth/api-key.ts';
import type { VideoJobRecord } from '../../schemas/video-job-record.ts';
import { videoModelListing } from '../../catalog/video-model.ts';
import { statusesFor } from '../../errors/documented-statuses.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { VideoJobs } from '../../videos/video-jobs.ts';
import type { Operation } from '../operation.ts';
import { recordVideoGeneration } from './billing.ts';
import { contentIndex } from './request.ts';
import { videoContent } from './response.ts';
import { docs } from './docs.ts';

/** A job of the calling key: another key gets the same 404 as an unknown id. */
function findJob(jobs: VideoJobs, id: string | undefined, apiKey: ApiKey | undefined) {
  const job = id === undefined ? undefined : jobs.getFor(id, apiKey);
  if (!job) throw new GatewayError(404, `No video job ${id ?? ''}`);
  return job;
}

/**
 * GET /videos/models (reference listVideosModels), POST /videos (spec 4.2), GET /videos/:jobId
 * (the polling URL, spec 4.3) and GET /videos/:jobId/content (reference listVideosContent).
 * `/videos/models` comes first: the table's order is the match order, and `:jobId` would take it.
 */
export const videosOperation: Operation = {
  name: 'videos',
  docs,
  endpoints: [
    {
      method: 'GET',
      path: '/videos/models',
      id: 'videos.models.list',
      referenceId: 'listVideosModels',
      summary: 'List video models',
      auth: 'key',
      faults: [400, 401, 500],
    },
    {
      method: 'POST',
      path: '/videos',
      id: 'videos.create',
      referenceId: 'createVideos',
      summary: 'Submit a video generation job',
      auth: 'key',
      paid: true,
      faults: statusesFor('videos'),
    },
    { method: 'GET', path: '/videos/:jobId', id: 'videos.get', referenceId: 'getVideos', summary: 'Poll a video job', auth: 'key', faults: [401, 404, 500] },
    {
      method: 'GET',
      path: '/videos/:jobId/content',
      id: 'videos.content',
      referenceId: 'listVideosContent',
      summary: 'Download a completed video',
      auth: 'key',
      faults: [400, 401, 404, 500, 502],
    },
  ],
  handlers: ({ env, videos: jobs }) => ({
    'videos.models.list': () => jsonResponse({ data: env.catalog.videoModels.map(videoModelListing) }),
    'videos.create': async (ctx) => {
      const body = await ctx.json();
      // A job that will complete is paid for: its cost is held before the job is saved
      // (docs/account.md), and settled once it is accepted; a job that fails or stalls costs nothing.
      let hold: Reservation | undefined;
      const admit = (job: VideoJobRecord) => {
        if (job.fate.kind === 'complete' && ctx.apiKey) hold = ctx.reserve(job.cost);
      };
      const job = await jobs.submit({ body, sessionHeader: ctx.request.headers.get('x-session-id'), apiKey: ctx.apiKey, admit });
      if (hold && ctx.apiKey) recordVideoGeneration(env, hold, job, ctx.apiKey);
      // reference: submit answers 202 Accepted with the job in state pending (spec 2.8).
      return jsonResponse(jobs.view(job), { status: 202 });
    },
    'videos.get': async (ctx) => {
      await jobs.ready;
      return jsonResponse(jobs.view(findJob(jobs, ctx.params.jobId, ctx.apiKey)));
    },
    'videos.content': async (ctx) => {
      await jobs.ready;
      const job = findJob(jobs, ctx.params.jobId, ctx.apiKey);
      return videoContent(env, job, contentIndex(ctx.url));
    },
  }),
};
