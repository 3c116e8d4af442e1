import { followToEnd } from '../../operations/videos/checks.ts';
import { UNKNOWN_JOB_ID } from '../../requests.ts';
import type { OperationDeclaration, SampleFlow } from '../operation-declaration.ts';
import { unknownId } from '../refusals.ts';

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

/** A finished job's video (reference listVideosContent). */
export const VIDEO_DECLARATIONS: readonly OperationDeclaration[] = [
  {
    endpoint: 'videos.content',
    request: () => ({ method: 'GET', path: contentPath }),
    sample: finishedContent,
    creates: "follows the run's one submitted video job to its end",
    badInput: () => [unknownId(contentPath, 'video job')],
  },
];
