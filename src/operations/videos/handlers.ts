import type { OperationHandlers } from '../operation.ts';
import type { Reservation } from '../../account/reservation.ts';
import type { ApiKey } from '../../auth/api-key.ts';
import type { VideoJobRecord } from '../../schemas/video-job-record.ts';
import { videoModelListing } from '../../catalog/video-model.ts';
import { GatewayError } from '../../errors/gateway-error.ts';
import { jsonResponse } from '../../http/raw-body.ts';
import type { VideoJobs } from '../../videos/video-jobs.ts';
import { recordVideoGeneration } from './billing.ts';
import { contentIndex } from './request.ts';
import { videoContent } from './response.ts';

/** A job of the calling key: another key gets the same 404 as an unknown id. */
function findJob(jobs: VideoJobs, id: string | undefined, apiKey: ApiKey | undefined) {
  const job = id === undefined ? undefined : jobs.getFor(id, apiKey);
  if (!job) throw new GatewayError(404, `No video job ${id ?? ''}`);
  return job;
}

/** The videos operation's handlers, bound to one gateway's parts (the table's line is ./operation.ts). */
export const handlers: OperationHandlers = ({ env, videos: jobs }) => ({
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
});
