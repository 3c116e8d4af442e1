import fc from 'fast-check';
import { stringMatching } from '../../arbitraries/string-matching.ts';
import { VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../../../src/catalog/video-model.ts';
import type { Check, CheckContext, CheckOutcome, Judgement } from '../../check.ts';
import { observedOf, type Exchange } from '../../client/exchange.ts';
import type { Probe } from '../../client/probe.ts';
import { expectError } from '../../oracles/error-envelope.ts';
import { completedUsageProblems, isJob, isTerminalStatus, readJob, submitStatusProblems, submittedJobProblems, type ObservedJob } from './oracles.ts';
import { boundaryRuleCheck } from '../../property/boundary-rule-check.ts';
import { judgeSamples, sharedSamples } from '../../property/judge-shared.ts';
import { isSendError, outcomeOfError } from '../../property/outcome-of-error.ts';
import { runProperty } from '../../property/run-property.ts';
import { baseVideoRequest } from '../../requests.ts';
import { finalCommands, jobCommands, SubmitCommand, type JobModel, type JobReal } from './job-commands.ts';

const word = stringMatching(/^[a-z0-9:]{1,8}$/);

/** spec 2.7, 8: the submit rules, each broken alone; all rejected with 400. */
/** The run's video request without its prompt, and with no frame or reference image either. */
function withoutPrompt(ctx: CheckContext): Record<string, unknown> {
  const { prompt: _prompt, ...rest } = baseVideoRequest(ctx.videoModel);
  return rest;
}

export const videosSubmitValidation = boundaryRuleCheck({
  id: 'videos.submit-validation',
  spec: 'spec 2.7, 8',
  rules: ['videos.submit-rules'],
  title:
    'POST /videos rejects duration < 1, unknown aspect_ratio/resolution, http callback_url, a malformed previous_job_id, a 257-character session_id, a frame_type off its enum, upscale_factor <= 0, a size not WIDTHxHEIGHT, no prompt and no image',
  path: '/videos',
  requires: ['videos'],
  // Rejected submits start no job and do not move the clock: it may run beside other checks.
  exclusive: false,
  // One stratum per submit rule, each sent at its boundary first (duration 0, a 257-character
  // session_id): the bounds are probed at every seed, not when a run happens to draw them.
  violating: (ctx) => {
    const on = (label: string, patches: fc.Arbitrary<Record<string, unknown>>) => ({
      label,
      arbitrary: patches.map((patch) => ({ ...baseVideoRequest(ctx.videoModel), ...patch })),
    });
    return [
      on(
        'duration under 1 (spec 2.7, 8)',
        fc.integer({ min: -60, max: 0 }).map((duration) => ({ duration })),
      ),
      on(
        'an unknown aspect_ratio',
        word.filter((v) => !(VIDEO_ASPECT_RATIOS as readonly string[]).includes(v)).map((aspect_ratio) => ({ aspect_ratio })),
      ),
      on(
        'an unknown resolution',
        word.filter((v) => !(VIDEO_RESOLUTIONS as readonly string[]).includes(v)).map((resolution) => ({ resolution })),
      ),
      on(
        'an http callback_url',
        stringMatching(/^\/[a-z0-9/_-]{0,24}$/).map((p) => ({ callback_url: `http://hooks.example.com${p}` })),
      ),
      on(
        'a malformed previous_job_id',
        fc
          .oneof(word, stringMatching(/^gen-vid-[0-9]{1,10}-[0-9A-Za-z]{0,19}$/), stringMatching(/^gen-vid-x[0-9]{1,4}-[0-9A-Za-z]{20}$/))
          .map((previous_job_id) => ({ previous_job_id })),
      ),
      on(
        'a session_id over 256 characters',
        fc.integer({ min: 257, max: 400 }).map((n) => ({ session_id: 's'.repeat(n) })),
      ),
      // spec 2.7 frame images: each entry carries a frame_type of first_frame or last_frame (reference FrameImage names it).
      on(
        'a frame image whose frame_type is not first_frame or last_frame',
        fc
          .constantFrom('middle_frame', 'FIRST_FRAME', 'first')
          .map((frame_type) => ({ frame_images: [{ type: 'image_url', image_url: { url: 'https://example.com/frame.png' }, frame_type }] })),
      ),
      // spec 2.7 upscale factor: a number > 0 (reference upscale_factor, exclusiveMinimum 0); a generation model refuses it at all.
      on(
        'an upscale_factor not above 0',
        fc.constantFrom(0, -1, -0.5).map((upscale_factor) => ({ upscale_factor })),
      ),
      // spec 2.7 exact dimensions: a string WIDTHxHEIGHT in pixels (reference size).
      on(
        'an exact size not WIDTHxHEIGHT',
        fc.constantFrom('big', '1280*720', '1280x', 'x720').map((size) => ({ size })),
      ),
      // spec 2.7 prompt: optional only for a model generating from image input alone; with no image input there is nothing to generate from.
      { label: 'neither a prompt nor any image input', arbitrary: fc.constant(withoutPrompt(ctx)) },
    ];
  },
});

/** spec 4.3, 7: polling a job that does not exist is a 404 with the envelope. */
export const videosUnknownJob: Check = {
  id: 'videos.unknown-job',
  spec: 'spec 4.3, 7',
  rules: ['videos.unknown-404'],
  title: 'GET /videos/<id> of a job that was never submitted is 404 with the envelope',
  requires: ['videos'],
  // Polls ids nobody submitted: it may run beside other checks.
  exclusive: false,
  run: (ctx) => {
    const probe = (id: string): Probe => ({ method: 'GET', path: `/videos/${id}` });
    return runProperty(ctx, {
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 1_999_999_999 }), stringMatching(/^[0-9A-Za-z]{20}$/)).map(([t, s]) => `gen-vid-${t}-${s}`),
      probe,
      runs: Math.min(ctx.runs, 10),
      oracle: (exchange) => expectError(404)(exchange),
    });
  },
};

const submitProbe = (ctx: CheckContext): Probe => ({ method: 'POST', path: '/videos', body: baseVideoRequest(ctx.videoModel) });

/** One submitted job per run, shared by the submit checks (a video is the most expensive request). */
const submitted = (ctx: CheckContext) => sharedSamples(ctx, 'videos.submitted', [{ label: 'the submit', probe: submitProbe(ctx) }]);

export const videosSubmitStatus: Check = {
  id: 'videos.submit-status',
  // Submits one job (the shared sample) and moves no clock: the job's id and times are the same beside others.
  exclusive: false,
  spec: 'spec 4.2; reference',
  rules: ['videos.submit-202'],
  title: 'An accepted POST /videos answers 202',
  requires: ['videos'],
  run: async (ctx) => judgeSamples(await submitted(ctx), submitStatusProblems),
};

/** spec 2.8, 4.2, 4.3: the submit answer's id, state and polling_url. */
export const videosJobShape: Check = {
  id: 'videos.job-shape',
  // Submits one job (the shared sample) and moves no clock: the job's id and times are the same beside others.
  exclusive: false,
  spec: 'spec 2.8, 3, 4.2',
  rules: ['videos.job-shape'],
  title: 'POST /videos answers a pending job with a gen-vid id and a polling_url of the job',
  requires: ['videos'],
  run: async (ctx) => judgeSamples(await submitted(ctx), (e: Exchange): Judgement => submittedJobProblems(e, ctx.basePath)),
};

/**
 * spec 3, model-based: fast-check draws sequences of submit, poll, advance (the virtual clock on
 * the simulator, real waits elsewhere) and cancel (simulator only), then lets time pass and looks
 * again; every look must move the job only forward, and a terminal job must never change. Only
 * the states are judged: ids and shapes are `videos.job-shape`'s rule.
 */
export const videosLifecycle: Check = {
  id: 'videos.lifecycle',
  spec: 'spec 3, 4.3',
  rules: ['videos.forward-only', 'videos.status-enum'],
  title:
    'Job statuses stay in their enum and move only forward (pending -> in_progress -> terminal) and a terminal job never changes, over generated submit/poll/advance/cancel sequences',
  requires: ['videos'],
  async run(ctx) {
    const simulator = ctx.simulator?.clock === 'virtual';
    let last: JobReal | undefined;
    // The last run that broke the rule is fast-check's (shrunk) counterexample.
    let lastFailure: JobReal['failure'];
    let judged = 0;
    const property = fc.asyncProperty(jobCommands(simulator), async (commands) => {
      if (last?.stop) return;
      const model: JobModel = { jobs: [] };
      const real: JobReal = { ctx, client: ctx.client, judged: 0 };
      last = real;
      try {
        const list = [...commands];
        await fc.asyncModelRun(() => ({ model, real }), list);
        // A sequence that submitted nothing would judge nothing: it ends with a submit, so every
        // run reaches a job looked at more than once (coverage at every seed, any clock).
        if (model.jobs.length === 0) await new SubmitCommand().run(model, real);
        for (const command of finalCommands(model.jobs.length, simulator)) if (command.check(model)) await command.run(model, real);
      } catch (error) {
        if (!isSendError(error)) throw error;
        real.stop = error as Error;
      }
      judged += real.judged;
      if (real.failure) {
        lastFailure = real.failure;
        throw new Error(real.failure.problems.join('; '));
      }
    });
    const details = await fc.check(property, {
      seed: ctx.seed,
      numRuns: simulator ? Math.min(ctx.runs, 6) : 1,
      ...(ctx.replayPath !== undefined ? { path: ctx.replayPath } : {}),
    });
    if (details.failed) {
      const failure = lastFailure;
      if (!failure) throw details.errorInstance;
      return {
        status: 'failed',
        reason: `${failure.problems.join('; ')} (commands: ${String(details.counterexample?.[0] ?? '')})`,
        counterexample: failure.probe,
        observed: failure.observed,
        rules: failure.rules,
        ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
      };
    }
    const stop = last?.stop;
    if (judged === 0 && stop) {
      if ('inconclusive' in stop) return { status: 'inconclusive', reason: stop.inconclusive, owner: stop.owner };
      return outcomeOfError(stop);
    }
    if (judged === 0) return { status: 'skipped', reason: 'no job was looked at twice' };
    const probed = { examples: judged, rules: videosLifecycle.rules };
    return stop && !('inconclusive' in stop)
      ? { status: 'passed', reason: `${judged} looks judged; then ${stop.message}`, probed }
      : { status: 'passed', probed };
  },
};

/** Submit (shared) and follow one job to its end: the virtual clock on the simulator, real polling (with a deadline) elsewhere. */
export async function followToEnd(ctx: CheckContext): Promise<{ job?: ObservedJob; answer?: Exchange; outcome?: CheckOutcome }> {
  const [sample] = await submitted(ctx);
  if (!sample?.exchange) return { outcome: outcomeOfError(sample?.error) };
  const first = readJob(sample.exchange, 'videos.submit-status');
  if (!isJob(first))
    return { outcome: { status: 'inconclusive', reason: (first as { inconclusive: string }).inconclusive, owner: (first as { owner: string }).owner } };
  const virtual = ctx.simulator?.clock === 'virtual';
  const deadline = Date.now() + 15 * 60_000;
  let job = first;
  let answer: Exchange = sample.exchange;
  try {
    for (let step = 0; step < 200 && !isTerminalStatus(job.status) && Date.now() < deadline; step++) {
      if (virtual) await ctx.client.send({ method: 'POST', path: '/__gatewaykit/clock/advance', auth: 'none', body: { ms: 60_000 } });
      else await ctx.sleep(5_000);
      answer = await ctx.client.send({ method: 'GET', path: `/videos/${encodeURIComponent(String(first.id))}` });
      const next = readJob(answer, 'videos.job-shape');
      if (!isJob(next))
        return { outcome: { status: 'inconclusive', reason: (next as { inconclusive: string }).inconclusive, owner: (next as { owner: string }).owner } };
      job = next;
    }
  } catch (error) {
    return { outcome: outcomeOfError(error) };
  }
  return { job, answer };
}

export const videosCompletedUsage: Check = {
  id: 'videos.completed-usage',
  spec: 'spec 2.8, 3',
  rules: ['videos.completed-usage'],
  title: 'A completed job carries usage {cost, is_byok}',
  requires: ['videos'],
  async run(ctx) {
    const { job, answer, outcome } = await followToEnd(ctx);
    if (outcome) return outcome;
    if (!isTerminalStatus(job!.status))
      return { status: 'inconclusive', reason: `the job did not end in time (last: ${job!.status})`, owner: 'videos.lifecycle' };
    const judgement = completedUsageProblems(job!);
    const poll: Probe = { method: 'GET', path: `/videos/${String(job!.id)}` };
    if (!Array.isArray(judgement))
      return {
        status: 'inconclusive',
        reason: (judgement as { inconclusive: string }).inconclusive,
        owner: (judgement as { owner: string }).owner,
        counterexample: poll,
      };
    return judgement.length > 0
      ? { status: 'failed', reason: judgement.join('; '), counterexample: poll, ...(answer ? { observed: observedOf(answer) } : {}) }
      : { status: 'passed' };
  },
};

export const VIDEOS_CHECKS: readonly Check[] = [
  videosSubmitValidation,
  videosUnknownJob,
  videosSubmitStatus,
  videosJobShape,
  videosLifecycle,
  videosCompletedUsage,
];
