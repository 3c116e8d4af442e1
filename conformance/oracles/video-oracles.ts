import { VIDEO_JOB_ID_PATTERN, VIDEO_TERMINAL_STATUSES, VideoJobSchema, type VideoJob } from '../../src/schemas/videos.ts';
import type { Problems } from '../check.ts';
import { exchangeJson, type Exchange } from '../client/exchange.ts';
import { expectAccepted } from './error-envelope.ts';

/** The job of a submit or poll answer, or the problems that prevent reading it. */
export function readJob(answer: Pick<Exchange, 'status' | 'headers' | 'text'>): { job?: VideoJob; problems: Problems } {
  const accepted = expectAccepted(answer);
  if (accepted.length > 0) return { problems: accepted };
  const parsed = VideoJobSchema.safeParse(exchangeJson(answer));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problems: [`spec 2.8: the job does not match its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`] };
  }
  return { job: parsed.data, problems: [] };
}

/**
 * spec 2.8, 4.2: a submit answer is a job in state `pending`, id `gen-vid-<timestamp>-<20
 * alphanumerics>`, `polling_url` the path `{basePath}/videos/<id>` (or an absolute URL of it).
 */
export function submittedJobProblems(answer: Pick<Exchange, 'status' | 'headers' | 'text'>, basePath: string): Problems {
  const raw = exchangeJson(answer) as { id?: unknown; polling_url?: unknown } | undefined;
  const problems: string[] = [];
  if (answer.status >= 200 && answer.status < 300 && raw) {
    if (typeof raw.id !== 'string' || !VIDEO_JOB_ID_PATTERN.test(raw.id)) problems.push(`spec 2.8: job id ${JSON.stringify(raw.id)} must match ^gen-vid-[0-9]+-[0-9A-Za-z]{20}$`);
    else {
      const expected = `${basePath}/videos/${raw.id}`;
      const url = typeof raw.polling_url === 'string' ? raw.polling_url : '';
      const path = /^https?:\/\//.test(url) ? new URL(url).pathname : url;
      if (path !== expected) problems.push(`spec 2.8: polling_url must be the path ${expected}, was ${JSON.stringify(raw.polling_url)}`);
    }
  }
  const { job, problems: shape } = readJob(answer);
  problems.push(...shape);
  if (job && job.status !== 'pending') problems.push(`spec 3, 4.2: a submitted job is pending, was ${job.status}`);
  return [...new Set(problems)];
}

const RANK: Record<string, number> = { pending: 0, in_progress: 1 };
const rank = (status: string) => RANK[status] ?? 2;
const isTerminal = (status: string) => (VIDEO_TERMINAL_STATUSES as readonly string[]).includes(status);

/**
 * spec 3: states only move forward (pending -> in_progress -> a terminal state) and a terminal
 * job never changes again (status, generation id, urls, usage). Pure over the observed sequence.
 *
 * @example
 * videoLifecycleProblems([{ status: 'pending' }, { status: 'completed' }, { status: 'failed' }]);
 * // ['spec 3: job left its terminal state completed for failed']
 */
export function videoLifecycleProblems(observed: readonly Pick<VideoJob, 'status'>[]): Problems {
  for (let i = 1; i < observed.length; i++) {
    const prev = observed[i - 1]!;
    const next = observed[i]!;
    if (isTerminal(prev.status)) {
      if (JSON.stringify(next) !== JSON.stringify(prev)) {
        return [
          next.status !== prev.status
            ? `spec 3: job left its terminal state ${prev.status} for ${next.status}`
            : `spec 3: a ${prev.status} job changed after it ended: ${JSON.stringify(prev).slice(0, 120)} -> ${JSON.stringify(next).slice(0, 120)}`,
        ];
      }
    } else if (rank(next.status) < rank(prev.status)) {
      return [`spec 3: job went back from ${prev.status} to ${next.status}`];
    }
  }
  return [];
}
