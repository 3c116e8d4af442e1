import type { Operation } from '../operation.ts';
import { statusesFor } from '../../errors/documented-statuses.ts';

/**
 * GET /videos/models (reference listVideosModels), POST /videos (spec 4.2), GET /videos/:jobId
 * (the polling URL, spec 4.3) and GET /videos/:jobId/content (reference listVideosContent).
 * `/videos/models` comes first: the table's order is the match order, and `:jobId` would take it.
 */
export const videosOperation: Operation = {
  name: 'videos',
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
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
