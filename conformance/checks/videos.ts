import fc from 'fast-check';
import { VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../../src/catalog/video-model.ts';
import type { VideoJob } from '../../src/schemas/videos.ts';
import type { Check, CheckContext, CheckOutcome } from '../check.ts';
import type { Probe } from '../client/probe.ts';
import { BudgetExhaustedError } from '../client/request-budget.ts';
import { expectError } from '../oracles/error-envelope.ts';
import { readJob, submittedJobProblems, videoLifecycleProblems } from '../oracles/video-oracles.ts';
import { boundaryRuleCheck } from '../property/boundary-rule-check.ts';
import { runProperty } from '../property/run-property.ts';
import { baseVideoRequest } from '../requests.ts';

const word = fc.stringMatching(/^[a-z0-9:]{1,8}$/);

/** spec 2.7, 8: the submit rules, each broken alone; all rejected with 400 for free. */
export const videosSubmitValidation = boundaryRuleCheck({
  id: 'videos.submit-validation',
  spec: 'spec 2.7, 8',
  title: 'POST /videos rejects duration < 1, unknown aspect_ratio/resolution, http callback_url, a malformed previous_job_id, a 257-character session_id',
  path: '/videos',
  violating: (ctx) =>
    fc
      .oneof(
        fc.integer({ min: -60, max: 0 }).map((duration) => ({ duration })),
        word.filter((v) => !(VIDEO_ASPECT_RATIOS as readonly string[]).includes(v)).map((aspect_ratio) => ({ aspect_ratio })),
        word.filter((v) => !(VIDEO_RESOLUTIONS as readonly string[]).includes(v)).map((resolution) => ({ resolution })),
        fc.webPath().map((p) => ({ callback_url: `http://hooks.example.com${p}` })),
        fc.oneof(word, fc.stringMatching(/^gen-vid-[0-9]{1,10}-[0-9A-Za-z]{0,19}$/), fc.stringMatching(/^gen-vid-x[0-9]{1,4}-[0-9A-Za-z]{20}$/)).map((previous_job_id) => ({ previous_job_id })),
        fc.integer({ min: 257, max: 400 }).map((n) => ({ session_id: 's'.repeat(n) })),
      )
      .map((patch) => ({ ...baseVideoRequest(ctx.videoModel), ...patch })),
});

/** spec 4.3, 7: polling a job that does not exist is a 404 with the envelope. */
export const videosUnknownJob: Check = {
  id: 'videos.unknown-job',
  spec: 'spec 4.3, 7',
  title: 'GET /videos/<id> of a job that was never submitted is 404 with the envelope',
  run: (ctx) => {
    const probe = (id: string): Probe => ({ method: 'GET', path: `/videos/${id}` });
    return runProperty(ctx, {
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 1_999_999_999 }), fc.stringMatching(/^[0-9A-Za-z]{20}$/)).map(([t, s]) => `gen-vid-${t}-${s}`),
      probe,
      verify: async (id) => expectError(404)(await ctx.client.send(probe(id))),
    });
  },
};

const submitProbe = (ctx: CheckContext): Probe => ({ method: 'POST', path: '/videos', body: baseVideoRequest(ctx.videoModel), paid: true });

/** One submitted job per run, shared by the job checks (a video is the most expensive request). */
async function submitted(ctx: CheckContext) {
  return ctx.shared('videos.submitted', () => ctx.client.send(submitProbe(ctx)));
}

function failure(error: unknown, probe: Probe): CheckOutcome {
  if (error instanceof BudgetExhaustedError) return { status: 'skipped', reason: error.message };
  return { status: 'failed', reason: `request failed: ${error instanceof Error ? error.message : String(error)}`, counterexample: probe };
}

/** spec 2.8, 4.2, 4.3: the submit answer's id, state and polling_url, and the polling_url answers. */
export const videosJobShape: Check = {
  id: 'videos.job-shape',
  spec: 'spec 2.8, 3, 4.2, 4.3',
  title: 'POST /videos answers a pending job with a gen-vid id and a polling_url that answers the job',
  requires: ['videos'],
  async run(ctx) {
    const probe = submitProbe(ctx);
    try {
      const exchange = await submitted(ctx);
      const problems = submittedJobProblems(exchange, ctx.basePath);
      if (problems.length > 0) return { status: 'failed', reason: problems.join('; '), counterexample: probe };
      const job = readJob(exchange).job!;
      const poll: Probe = { method: 'GET', path: `/videos/${job.id}` };
      const polled = readJob(await ctx.client.send(poll));
      if (polled.problems.length > 0) return { status: 'failed', reason: `polling the job: ${polled.problems.join('; ')}`, counterexample: poll };
      if (polled.job!.id !== job.id) return { status: 'failed', reason: `polling ${job.id} answered job ${polled.job!.id}`, counterexample: poll };
      return { status: 'passed' };
    } catch (error) {
      return failure(error, probe);
    }
  },
};

/** Virtual-clock steps: fine at first (queue and processing), then coarse up to stalled jobs' deadlines. */
const CLOCK_STEPS_MS = [...Array(24).fill(5_000), ...Array(150).fill(60_000)] as number[];
const REAL_POLL_MS = 5_000;
const REAL_DEADLINE_MS = 15 * 60_000;

/**
 * spec 3: the job moves only forward and a terminal job stays as it is. With the simulator's
 * virtual clock, time is advanced through the control API; elsewhere it polls in real time with
 * a deadline (a live job can take minutes).
 */
export const videosLifecycle: Check = {
  id: 'videos.lifecycle',
  spec: 'spec 3, 4.3',
  title: 'A job moves only forward (pending -> in_progress -> terminal) and a terminal job never changes',
  requires: ['videos'],
  async run(ctx) {
    const probe = submitProbe(ctx);
    try {
      const { job, problems } = readJob(await submitted(ctx));
      if (!job) return { status: 'failed', reason: problems.join('; '), counterexample: probe };
      const poll: Probe = { method: 'GET', path: `/videos/${job.id}` };
      const observed: VideoJob[] = [job];
      const virtual = ctx.simulator?.clock === 'virtual';
      const started = Date.now();
      let afterTerminal = -1;
      for (let step = 0; ; step++) {
        if (virtual) {
          const ms = CLOCK_STEPS_MS[step];
          if (ms === undefined) break;
          await ctx.client.send({ method: 'POST', path: '/__gatewaykit/clock/advance', auth: 'none', body: { ms: afterTerminal >= 0 ? 3_600_000 : ms } });
        } else {
          if (Date.now() - started > REAL_DEADLINE_MS) break;
          await new Promise((r) => setTimeout(r, REAL_POLL_MS));
        }
        const polled = readJob(await ctx.client.send(poll));
        if (!polled.job) return { status: 'failed', reason: `polling: ${polled.problems.join('; ')}`, counterexample: poll };
        observed.push(polled.job);
        const lifecycle = videoLifecycleProblems(observed);
        if (lifecycle.length > 0) return { status: 'failed', reason: lifecycle.join('; '), counterexample: poll };
        if (afterTerminal < 0 && !['pending', 'in_progress'].includes(polled.job.status)) afterTerminal = step;
        // Two more looks after the end (an hour apart on a virtual clock) show it stays.
        if (afterTerminal >= 0 && step - afterTerminal >= 2) return { status: 'passed' };
      }
      return afterTerminal >= 0
        ? { status: 'passed' }
        : { status: 'skipped', reason: `the job did not reach a terminal state in time (last: ${observed.at(-1)!.status}); forward moves were fine` };
    } catch (error) {
      return failure(error, probe);
    }
  },
};

export const VIDEOS_CHECKS: readonly Check[] = [videosSubmitValidation, videosUnknownJob, videosJobShape, videosLifecycle];
