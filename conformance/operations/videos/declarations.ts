import type { OperationDeclaration, SampleFlow } from '../../kit/operation-declaration.ts';
import { unknownId, wrongMethod } from '../../kit/refusals.ts';
import { baseVideoRequest, UNKNOWN_JOB_ID } from '../../requests.ts';
import { followToEnd } from './checks.ts';

const get = (path: string) => () => ({ method: 'GET' as const, path });

const none = () => [];

/**
 * The content of a finished job: the run's one submitted job (shared with the videos checks),
 * followed to its end, then its content fetched once.
 */
const finishedContent: SampleFlow = {
  key: 'kit.sample:videos.content',
  paid: 1,
  async make(client, ctx) {
    const { job } = await followToEnd(ctx);
    if (job?.status !== 'completed') return {};
    return { 'videos.content': await client.send({ method: 'GET', path: `/videos/${encodeURIComponent(String(job.id))}/content` }) };
  },
};

const contentPath = `/videos/${UNKNOWN_JOB_ID}/content`;

/** The kit's declarations of the videos operation's endpoints: the shape, error and auth checks it makes for them. */
export const declarations: readonly OperationDeclaration[] = [
  { endpoint: 'videos.models.list', request: get('/videos/models'), badInput: () => [wrongMethod('/videos/models')] },
  {
    endpoint: 'videos.create',
    request: (ctx) => ({ method: 'POST', path: '/videos', body: baseVideoRequest(ctx.videoModel) }),
    badInput: none,
    handWritten: { shape: 'videos.job-shape', errors: 'videos.submit-validation', auth: 'auth.missing-key' },
  },
  {
    endpoint: 'videos.get',
    request: () => ({ method: 'GET', path: `/videos/${UNKNOWN_JOB_ID}` }),
    badInput: none,
    handWritten: { shape: 'videos.lifecycle', errors: 'videos.unknown-job', auth: 'auth.missing-key' },
  },
  {
    endpoint: 'videos.content',
    request: () => ({ method: 'GET', path: contentPath }),
    sample: finishedContent,
    creates: "follows the run's one submitted video job to its end",
    badInput: () => [unknownId(contentPath, 'video job')],
  },
];
