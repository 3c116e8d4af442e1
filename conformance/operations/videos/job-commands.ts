import fc from 'fast-check';
import type { CheckContext, Inconclusive, Observed, Problems } from '../../check.ts';
import { observedOf } from '../../client/exchange.ts';
import type { GatewayClient } from '../../client/gateway-client.ts';
import type { Probe } from '../../client/probe.ts';
import { isJob, readJob, videoStatusProblems, videoStepProblems, type ObservedJob } from './oracles.ts';
import { baseVideoRequest } from '../../requests.ts';

/** What the model knows: the jobs submitted in this run and the last look at each. */
export interface JobModel {
  readonly jobs: { id: string; last: ObservedJob }[];
}

/** The real side: the target, and how a command ended when it could not go on. */
export interface JobReal {
  readonly ctx: CheckContext;
  readonly client: GatewayClient;
  /** Set when a rule was broken: the problems, the rules they break, the probe that showed them and its answer. */
  failure?: { problems: Problems; rules: readonly string[]; probe: Probe; observed: Observed };
  /** Set when a precondition failed (inconclusive) or sending failed (budget, transport). */
  stop?: Inconclusive | Error;
  /** Requests judged (each poll after a first look). */
  judged: number;
}

const MAX_JOBS = 2;
/** Real time an "advance" waits against a target without the virtual clock. */
const REAL_WAIT_MS = 5_000;

const poll = (id: string): Probe => ({ method: 'GET', path: `/videos/${encodeURIComponent(id)}` });

async function look(real: JobReal, model: JobModel, index: number): Promise<void> {
  const job = model.jobs[index]!;
  const probe = poll(job.id);
  const answer = await real.client.send(probe);
  const next = readJob(answer, 'videos.job-shape');
  if (!isJob(next)) {
    real.stop = next as Inconclusive;
    return;
  }
  // Two rules per look: the status is in its enum, and it moved only forward.
  const outside = videoStatusProblems(next);
  const backwards = outside.length > 0 ? [] : videoStepProblems(job.last, next);
  real.judged++;
  if (outside.length > 0) real.failure = { problems: outside, rules: ['videos.status-enum'], probe, observed: observedOf(answer) };
  else if (backwards.length > 0) real.failure = { problems: backwards, rules: ['videos.forward-only'], probe, observed: observedOf(answer) };
  job.last = next;
}

/** Submit a job (paid; the budget decides how many). */
class SubmitCommand implements fc.AsyncCommand<JobModel, JobReal> {
  check = (m: Readonly<JobModel>) => m.jobs.length < MAX_JOBS;
  async run(m: JobModel, r: JobReal) {
    if (r.stop || r.failure) return;
    const answer = await r.client.send({ method: 'POST', path: '/videos', body: baseVideoRequest(r.ctx.videoModel) });
    const job = readJob(answer, 'videos.submit-status');
    if (!isJob(job)) {
      r.stop = job as Inconclusive;
      return;
    }
    m.jobs.push({ id: String(job.id), last: job });
  }
  toString = () => 'submit';
}

/** Look at a job again: the state may only move forward, and a terminal job stays as it is. */
class PollCommand implements fc.AsyncCommand<JobModel, JobReal> {
  constructor(readonly index: number) {}
  check = (m: Readonly<JobModel>) => m.jobs.length > this.index;
  async run(m: JobModel, r: JobReal) {
    if (r.stop || r.failure) return;
    await look(r, m, this.index);
  }
  toString = () => `poll(${this.index})`;
}

/** Let time pass: the simulator's virtual clock jumps; elsewhere the suite waits a little. */
class AdvanceCommand implements fc.AsyncCommand<JobModel, JobReal> {
  constructor(readonly ms: number) {}
  check = (m: Readonly<JobModel>) => m.jobs.length > 0;
  async run(_m: JobModel, r: JobReal) {
    if (r.stop || r.failure) return;
    if (r.ctx.simulator?.clock === 'virtual') await r.client.send({ method: 'POST', path: '/__gatewaykit/clock/advance', auth: 'none', body: { ms: this.ms } });
    else await r.ctx.sleep(Math.min(this.ms, REAL_WAIT_MS));
  }
  toString = () => `advance(${this.ms})`;
}

/** Cancel a job through the simulator's control API (there is no public cancel operation). */
class CancelCommand implements fc.AsyncCommand<JobModel, JobReal> {
  constructor(readonly index: number) {}
  check = (m: Readonly<JobModel>) => m.jobs.length > this.index;
  async run(m: JobModel, r: JobReal) {
    if (r.stop || r.failure) return;
    await r.client.send({ method: 'POST', path: `/__gatewaykit/videos/${encodeURIComponent(m.jobs[this.index]!.id)}/cancel`, auth: 'none' });
    await look(r, m, this.index);
  }
  toString = () => `cancel(${this.index})`;
}

/**
 * The job commands fast-check draws from: submit, poll, advance (time), and cancel where the
 * target is the simulator. Every sequence ends with enough time and looks for jobs to end.
 *
 * @example
 * fc.sample(jobCommands(true), 1);
 */
export function jobCommands(simulator: boolean): fc.Arbitrary<Iterable<fc.AsyncCommand<JobModel, JobReal>>> {
  const index = fc.nat({ max: MAX_JOBS - 1 });
  return fc.commands(
    [
      fc.constant(new SubmitCommand()),
      index.map((i) => new PollCommand(i)),
      fc.constantFrom(5_000, 30_000, 60_000, 600_000).map((ms) => new AdvanceCommand(ms)),
      ...(simulator ? [index.map((i) => new CancelCommand(i))] : []),
    ],
    { maxCommands: simulator ? 12 : 6 },
  );
}

/** The tail every run ends with: time passes until jobs end, then two more looks show they stay. */
export function finalCommands(jobs: number, simulator: boolean): fc.AsyncCommand<JobModel, JobReal>[] {
  const out: fc.AsyncCommand<JobModel, JobReal>[] = [];
  const step = simulator ? 3_600_000 : REAL_WAIT_MS;
  for (let round = 0; round < (simulator ? 4 : 3); round++) {
    out.push(new AdvanceCommand(step));
    for (let i = 0; i < jobs; i++) out.push(new PollCommand(i));
  }
  return out;
}

export { SubmitCommand, PollCommand };
