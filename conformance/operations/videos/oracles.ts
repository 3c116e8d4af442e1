import { VIDEO_JOB_ID_PATTERN, VIDEO_TERMINAL_STATUSES, VideoJobSchema } from '../../../src/schemas/videos.ts';
import type { Judgement, Problems } from '../../check.ts';
import { exchangeJson, type Exchange } from '../../client/exchange.ts';
import { schemaProblems } from '../../oracles/schema-problems.ts';
import { parseOnce } from '../../oracles/parse-once.ts';

type Answer = Pick<Exchange, 'status' | 'headers' | 'text'>;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A job as the lifecycle sees it: any JSON object with a string status (the shape is `videos.job-shape`'s rule). */
export type ObservedJob = Record<string, unknown> & { status: string };

/**
 * Precondition of the job checks: a 2xx JSON object with a string `id` and `status`. Otherwise
 * inconclusive, owned by `owner` (the submit's status check, or the shape check).
 */
export function readJob(answer: Answer, owner: string): ObservedJob | Judgement {
  if (answer.status < 200 || answer.status >= 300) return { inconclusive: `no job: HTTP ${answer.status}`, owner };
  const json = exchangeJson(answer);
  if (!isObject(json) || typeof json.id !== 'string' || typeof json.status !== 'string')
    return { inconclusive: 'the answer is not a job with an id and a status', owner: 'videos.job-shape' };
  return json as ObservedJob;
}

export const isJob = (v: ObservedJob | Judgement): v is ObservedJob =>
  isObject(v) && typeof (v as { status?: unknown }).status === 'string' && !('inconclusive' in v);

/** reference: an accepted submit answers 202. Precondition: the submit was accepted (2xx). */
export function submitStatusProblems(answer: Answer): Judgement {
  if (answer.status >= 400) return { inconclusive: `the submit was refused (HTTP ${answer.status})`, owner: 'videos.job-shape' };
  return answer.status === 202 ? [] : [`reference: an accepted video submit answers 202, got ${answer.status}`];
}

/**
 * spec 2.8, 4.2: a submit answer is a job in state `pending`, id `gen-vid-<timestamp>-<20
 * alphanumerics>`, `polling_url` the path `{basePath}/videos/<id>` (or an absolute URL of it).
 */
export function submittedJobProblems(answer: Answer, basePath: string): Problems {
  if (answer.status < 200 || answer.status >= 300) return [`a valid video submit was refused: HTTP ${answer.status} ${answer.text.slice(0, 160)}`];
  const raw = exchangeJson(answer);
  const parsed = parseOnce(VideoJobSchema, raw);
  const problems: string[] = parsed.success ? [] : schemaProblems('spec 2.8: the job', parsed.error);
  if (!isObject(raw)) return problems;
  if (typeof raw.id !== 'string' || !VIDEO_JOB_ID_PATTERN.test(raw.id))
    problems.push(`spec 2.8: job id ${JSON.stringify(raw.id)} must match ^gen-vid-[0-9]+-[0-9A-Za-z]{20}$`);
  if (typeof raw.id === 'string') {
    const expected = `${basePath}/videos/${raw.id}`;
    const url = typeof raw.polling_url === 'string' ? raw.polling_url : '';
    const path = /^https?:\/\//.test(url) ? new URL(url).pathname : url;
    if (path !== expected) problems.push(`spec 2.8: polling_url must be the path ${expected}, was ${JSON.stringify(raw.polling_url)}`);
  }
  if (raw.status !== 'pending') problems.push(`spec 3, 4.2: a submitted job is pending, was ${JSON.stringify(raw.status)}`);
  return [...new Set(problems)];
}

const RANK: Record<string, number> = { pending: 0, in_progress: 1 };
const rank = (status: string) => RANK[status] ?? 2;
export const isTerminalStatus = (status: string) => (VIDEO_TERMINAL_STATUSES as readonly string[]).includes(status);

/**
 * spec 3: states only move forward (pending -> in_progress -> a terminal state) and a terminal
 * job never changes again (status, generation id, urls, usage). Pure over two successive looks.
 *
 * @example
 * videoStepProblems({ status: 'completed' }, { status: 'failed' });
 * // ['spec 3: job left its terminal state completed for failed']
 */
export function videoStepProblems(prev: ObservedJob, next: ObservedJob): Problems {
  if (isTerminalStatus(prev.status)) {
    if (JSON.stringify(next) === JSON.stringify(prev)) return [];
    return [
      next.status !== prev.status
        ? `spec 3: job left its terminal state ${prev.status} for ${next.status}`
        : `spec 3: a ${prev.status} job changed after it ended: ${JSON.stringify(prev).slice(0, 160)} -> ${JSON.stringify(next).slice(0, 160)}`,
    ];
  }
  if (rank(next.status) < rank(prev.status)) return [`spec 3: job went back from ${prev.status} to ${next.status}`];
  return [];
}

/** spec 3: every status a job may have. */
export const VIDEO_STATUSES: readonly string[] = ['pending', 'in_progress', ...VIDEO_TERMINAL_STATUSES];

/**
 * spec 3: a job's status is one of its enum (pending, in_progress, completed, failed, cancelled,
 * expired) at every look: a gateway naming its own states ("queued", "processing") breaks it.
 *
 * @example
 * videoStatusProblems({ status: 'processing' }); // ['spec 3: job status "processing" is not one of ...']
 */
export function videoStatusProblems(job: ObservedJob): Problems {
  return VIDEO_STATUSES.includes(job.status) ? [] : [`spec 3: job status ${JSON.stringify(job.status)} is not one of ${VIDEO_STATUSES.join(', ')}`];
}

/** spec 2.8, 3: a completed job carries usage `{cost: number, is_byok: boolean}`. Precondition: a completed job. */
export function completedUsageProblems(job: ObservedJob): Judgement {
  if (job.status !== 'completed') return { inconclusive: `the job ended ${job.status}, not completed`, owner: 'videos.lifecycle' };
  const usage = job.usage;
  if (!isObject(usage)) return [`spec 2.8, 3: a completed job must carry usage, was ${JSON.stringify(usage ?? null)}`];
  const problems: string[] = [];
  if (typeof usage.cost !== 'number' || !Number.isFinite(usage.cost) || usage.cost < 0)
    problems.push(`spec 2.8: usage.cost must be a number >= 0, was ${JSON.stringify(usage.cost)}`);
  if (typeof usage.is_byok !== 'boolean') problems.push(`spec 2.8: usage.is_byok must be a boolean, was ${JSON.stringify(usage.is_byok)}`);
  return problems;
}
