import { z } from 'zod';
import { VideoModelSchema } from '../../catalog/video-model.ts';
import { VideoGenerationRequestSchema, VideoJobSchema } from '../../schemas/videos.ts';
import type { OperationDocs, ParameterDoc } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';

const JOB_ID: ParameterDoc = {
  name: 'jobId',
  in: 'path',
  required: true,
  description: 'Video job id, `gen-vid-<timestamp>-<20 alphanumerics>` (spec 2.8).',
  schema: z.string(),
};
/** The videos operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'videos.create': {
      tag: 'Videos',
      description: 'spec 4.2: answers at once with the job in state `pending` and its polling address.',
      requestBody: { 'application/json': 'VideoGenerationRequest' },
      successStatus: 202,
      success: { 'application/json': 'VideoJob' },
      parameters: SIMULATION_HEADERS,
    },
    'videos.get': {
      tag: 'Videos',
      description: 'spec 4.3: the `polling_url` of the submit answer.',
      successStatus: 200,
      success: { 'application/json': 'VideoJob' },
      parameters: [JOB_ID, ...SIMULATION_HEADERS],
    },
    'videos.content': {
      tag: 'Videos',
      description: 'MP4 bytes of output `index` of a completed job; 400 before completion.',
      successStatus: 200,
      success: { 'video/mp4': 'binary' },
      parameters: [JOB_ID, { name: 'index', in: 'query', description: 'Output index, default 0.', schema: z.number().int().min(0) }, ...SIMULATION_HEADERS],
    },
    'videos.models.list': {
      tag: 'Videos',
      successStatus: 200,
      success: { 'application/json': 'VideoModelsListResponse' },
      parameters: SIMULATION_HEADERS,
    },
  },
  components: {
    requests: {
      VideoGenerationRequest: VideoGenerationRequestSchema,
    },
    answers: {
      VideoJob: VideoJobSchema,
      VideoModelsListResponse: z.object({ data: z.array(VideoModelSchema.omit({ simulation: true }).extend({ canonical_slug: z.string().min(1) })) }),
    },
  },
};
