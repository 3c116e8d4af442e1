import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VideoJobRecord } from '../schemas/video-job-record.ts';
import { VIDEO_JOB_STATUSES, VideoJobSchema } from '../schemas/videos.ts';
import { videoJobStatus, videoJobTerminalAt, videoJobView, videoWebhookPayload } from './video-job-state.ts';

const RANK = { pending: 0, in_progress: 1, completed: 2, failed: 2, cancelled: 2, expired: 2 } as const;

const jobArb = fc
  .record({
    queue: fc.integer({ min: 1, max: 10_000 }),
    work: fc.integer({ min: 1, max: 60_000 }),
    deadline: fc.integer({ min: 1, max: 100_000 }),
    fate: fc.constantFrom('complete', 'fail', 'stall'),
    cancelAfter: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
  })
  .map(({ queue, work, deadline, fate, cancelAfter }): VideoJobRecord => {
    const created = 1_767_225_600_000;
    const job: VideoJobRecord = {
      id: 'gen-vid-1767225600-AAAAAAAAAAAAAAAAAAAA',
      seq: 0,
      model: 'm/x',
      provider: 'p',
      created_at: created,
      started_at: created + queue,
      finished_at: created + queue + work,
      expires_at: created + deadline,
      cancelled_at: null,
      fate: fate === 'complete' ? { kind: 'complete' } : { kind: fate, error: 'boom' },
      generation_id: 'gen-x',
      cost: 1,
      is_byok: false,
      provider_request: {
        prompt: 'p',
        duration: 5,
        width: 1280,
        height: 720,
        resolution: '720p',
        aspect_ratio: '16:9',
        generate_audio: false,
        seed: null,
        frame_images: [],
        references: [],
        options: {},
        creativity: null,
        upscale_factor: null,
        previous_job_id: null,
      },
      ignored_references: [],
      session_id: null,
      user: null,
      trace: null,
      webhook: null,
    };
    // A cancellation is only ever recorded before the natural end (video-jobs.ts).
    if (cancelAfter !== undefined && created + cancelAfter < videoJobTerminalAt(job)) job.cancelled_at = created + cancelAfter;
    return job;
  });

describe('videoJobStatus', () => {
  it('only moves forward, and a terminal state never changes', () => {
    fc.assert(
      fc.property(jobArb, fc.array(fc.integer({ min: 0, max: 300_000 }), { minLength: 2, maxLength: 12 }), (job, offsets) => {
        const times = offsets.map((o) => job.created_at + o).sort((a, b) => a - b);
        const states = times.map((t) => videoJobStatus(job, t));
        expect(states[0]).toBe(videoJobStatus(job, times[0]!));
        for (let i = 1; i < states.length; i++) {
          expect(RANK[states[i]!]).toBeGreaterThanOrEqual(RANK[states[i - 1]!]);
          if (RANK[states[i - 1]!] === 2) expect(states[i]).toBe(states[i - 1]);
        }
        expect(videoJobStatus(job, job.created_at)).toSatisfy((s: string) => s === 'pending' || s === 'cancelled');
        expect(RANK[videoJobStatus(job, videoJobTerminalAt(job))]).toBe(2);
      }),
      { numRuns: 200 },
    );
  });

  it('shows each documented field exactly when it applies', () => {
    fc.assert(
      fc.property(jobArb, fc.integer({ min: 0, max: 300_000 }), (job, offset) => {
        const view = videoJobView(job, job.created_at + offset, { basePath: '/api/v1', baseUrl: 'http://x/api/v1' });
        expect(VideoJobSchema.parse(view)).toEqual(view);
        expect(VIDEO_JOB_STATUSES).toContain(view.status);
        expect(view.polling_url).toBe(`/api/v1/videos/${job.id}`);
        expect(view.usage !== undefined).toBe(view.status === 'completed');
        expect(view.unsigned_urls !== undefined).toBe(view.status === 'completed');
        expect(view.error !== undefined).toBe(view.status === 'failed' || view.status === 'expired');
        if (view.status === 'in_progress' || view.status === 'completed' || view.status === 'failed') expect(view.generation_id).toBe('gen-x');
        if (view.status === 'pending' || view.status === 'expired') expect(view.generation_id).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('builds the reference webhook payload for the terminal state', () => {
    fc.assert(
      fc.property(jobArb, (job) => {
        const status = videoJobStatus(job, videoJobTerminalAt(job));
        if (status === 'pending' || status === 'in_progress') throw new Error('not terminal');
        const payload = videoWebhookPayload(job, status, 'http://x/api/v1');
        expect(payload.type).toBe(`video.generation.${status}`);
        expect(payload.data).toMatchObject({ id: job.id, status, model: 'm/x' });
        expect(new Date(payload.created_at).getTime()).toBe(videoJobTerminalAt(job));
        expect(payload.data.usage !== undefined).toBe(status === 'completed');
      }),
      { numRuns: 100 },
    );
  });
});
