import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { VIDEO_JOB_ID_PATTERN, VideoJobSchema, type VideoJob, type VideoJobStatus } from '../src/schemas/videos.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

/**
 * Model-based test of the video job lifecycle (fast-check examples/004-stateMachine): random
 * sequences of submit, poll, advance clock, fail provider, continue, cancel and fetch content run
 * against the simulator in-process (msw) and over a real port, checking that states only move
 * forward, terminal states stay, and every documented field appears exactly when it should.
 */

const RANK: Record<VideoJobStatus, number> = { pending: 0, in_progress: 1, completed: 2, failed: 2, cancelled: 2, expired: 2 };
const MODELS = [
  { id: 'google/veo-3.1', provider: 'google-vertex', continues: true },
  { id: 'bytedance/seedance-2.0', provider: 'byteplus', continues: false },
  { id: 'openai/sora-2', provider: 'openai', continues: true },
] as const;

type Fate = 'complete' | 'fail' | 'stall';
interface ModelJob {
  id: string;
  model: (typeof MODELS)[number];
  fate: Fate;
  last: VideoJobStatus;
  cancelled: boolean;
}
interface Model {
  jobs: ModelJob[];
  /** Next fault per provider (count 1), consumed by the next submission on it. */
  faults: Map<string, number>;
}
interface Real {
  target: Target;
}

const STALL = new Set([429, 503, 529]);

function checkView(job: ModelJob, view: VideoJob): void {
  expect(VideoJobSchema.parse(view)).toEqual(view);
  expect(view.id).toBe(job.id);
  expect(view.polling_url).toMatch(new RegExp(`/videos/${job.id}$`));
  // Forward only; a terminal state never changes.
  expect(RANK[view.status]).toBeGreaterThanOrEqual(RANK[job.last]);
  if (RANK[job.last] === 2) expect(view.status).toBe(job.last);
  expect(view.usage !== undefined).toBe(view.status === 'completed');
  expect(view.unsigned_urls !== undefined).toBe(view.status === 'completed');
  expect(view.error !== undefined).toBe(view.status === 'failed' || view.status === 'expired');
  if (view.status === 'in_progress' || view.status === 'completed' || view.status === 'failed') expect(view.generation_id).toMatch(/^gen-/);
  if (view.status === 'completed') {
    expect(job.fate).toBe('complete');
    expect(view.usage).toMatchObject({ is_byok: false });
    expect(view.usage!.cost).toBeGreaterThan(0);
    expect(view.unsigned_urls!.length).toBe(1);
  }
  if (view.status === 'failed') expect(job.fate).toBe('fail');
  if (view.status === 'expired') expect(job.fate).toBe('stall');
  if (view.status === 'in_progress') expect(job.fate).not.toBe('stall');
  if (view.status === 'cancelled') expect(job.cancelled).toBe(true);
  job.last = view.status;
}

async function poll(r: Real, job: ModelJob): Promise<VideoJob> {
  const res = await r.target.fetch(`/videos/${job.id}`, { headers: jsonHeaders() });
  expect(res.status).toBe(200);
  const view = (await res.json()) as VideoJob;
  checkView(job, view);
  return view;
}

class SubmitCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly modelIndex: number,
    readonly prompt: string,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const model = MODELS[this.modelIndex % MODELS.length]!;
    const res = await r.target.fetch('/videos', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ model: model.id, prompt: this.prompt }) });
    expect(res.status).toBe(202);
    const view = (await res.json()) as VideoJob;
    expect(view.status).toBe('pending');
    expect(view.id).toMatch(VIDEO_JOB_ID_PATTERN);
    expect(m.jobs.some((j) => j.id === view.id)).toBe(false);
    const fault = m.faults.get(model.provider);
    m.faults.delete(model.provider);
    const job: ModelJob = {
      id: view.id,
      model,
      fate: fault === undefined ? 'complete' : STALL.has(fault) ? 'stall' : 'fail',
      last: 'pending',
      cancelled: false,
    };
    checkView(job, view);
    m.jobs.push(job);
  }
  toString = () => `submit(${MODELS[this.modelIndex % MODELS.length]!.id})`;
}

class PollCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.jobs.length > 0;
  async run(m: Model, r: Real) {
    await poll(r, m.jobs[this.index % m.jobs.length]!);
  }
  toString = () => `poll(#${this.index})`;
}

class AdvanceCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    const res = await r.target.fetch('/__gatewaykit/clock/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: this.ms }),
    });
    expect(res.status).toBe(200);
  }
  toString = () => `advance(${this.ms})`;
}

class FailProviderCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly modelIndex: number,
    readonly status: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const { provider } = MODELS[this.modelIndex % MODELS.length]!;
    const res = await r.target.fetch(`/__gatewaykit/providers/${provider}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: this.status, count: 1 }),
    });
    expect(res.status).toBe(200);
    m.faults.set(provider, this.status);
  }
  toString = () => `failProvider(${MODELS[this.modelIndex % MODELS.length]!.provider}, ${this.status})`;
}

class ContinueCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.jobs.length > 0;
  async run(m: Model, r: Real) {
    const previous = m.jobs[this.index % m.jobs.length]!;
    const res = await r.target.fetch('/videos', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ prompt: 'and then', previous_job_id: previous.id }),
    });
    // Allowed exactly when the earlier job is completed (learned by polling) and its model continues.
    const view = await poll(r, previous);
    const allowed = view.status === 'completed' && previous.model.continues;
    expect(res.status, await res.clone().text()).toBe(allowed ? 202 : 400);
    if (!allowed) return;
    const next = (await res.json()) as VideoJob;
    const fault = m.faults.get(previous.model.provider);
    m.faults.delete(previous.model.provider);
    const job: ModelJob = {
      id: next.id,
      model: previous.model,
      fate: fault === undefined ? 'complete' : STALL.has(fault) ? 'stall' : 'fail',
      last: 'pending',
      cancelled: false,
    };
    checkView(job, next);
    m.jobs.push(job);
  }
  toString = () => `continue(#${this.index})`;
}

class CancelCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.jobs.length > 0;
  async run(m: Model, r: Real) {
    const job = m.jobs[this.index % m.jobs.length]!;
    const res = await r.target.fetch(`/__gatewaykit/videos/${job.id}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    if (RANK[job.last] === 2) expect(res.status).toBe(409);
    if (res.status === 200) {
      job.cancelled = true;
      checkView(job, (await res.json()) as VideoJob);
      expect(job.last).toBe('cancelled');
    } else {
      expect(res.status).toBe(409);
      const view = await poll(r, job);
      expect(RANK[view.status]).toBe(2);
    }
  }
  toString = () => `cancel(#${this.index})`;
}

class FetchContentCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.jobs.length > 0;
  async run(m: Model, r: Real) {
    const job = m.jobs[this.index % m.jobs.length]!;
    const view = await poll(r, job);
    const res = await r.target.fetch(`/videos/${job.id}/content?index=0`, { headers: jsonHeaders() });
    if (view.status === 'completed') {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp4');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(String.fromCharCode(...bytes.slice(4, 8))).toBe('ftyp');
      const again = new Uint8Array(await (await r.target.fetch(`/videos/${job.id}/content`, { headers: jsonHeaders() })).arrayBuffer());
      expect(again).toEqual(bytes);
      expect((await r.target.fetch(`/videos/${job.id}/content?index=1`, { headers: jsonHeaders() })).status).toBe(400);
    } else {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/content is available once it is completed/);
    }
  }
  toString = () => `content(#${this.index})`;
}

const commands = [
  fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 20 })).map(([i, p]) => new SubmitCommand(i, p)),
  fc.nat().map((i) => new PollCommand(i)),
  fc.constantFrom(500, 3_000, 20_000, 60_000, 400_000, 1_000_000).map((ms) => new AdvanceCommand(ms)),
  fc.tuple(fc.nat(), fc.constantFrom(500, 502, 524, 529, 503)).map(([i, s]) => new FailProviderCommand(i, s)),
  fc.nat().map((i) => new ContinueCommand(i)),
  fc.nat().map((i) => new CancelCommand(i)),
  fc.nat().map((i) => new FetchContentCommand(i)),
];

describe.each(TARGET_KINDS)('video job lifecycle, model-based (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock() });
  });
  afterAll(() => target.close());

  it('states only move forward, terminal states stay, documented fields appear when they should', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
        const reset = await target.fetch('/__gatewaykit/reset', { method: 'POST', headers: { 'content-type': 'application/json' } });
        expect(reset.status).toBe(200);
        await fc.asyncModelRun(() => ({ model: { jobs: [], faults: new Map() }, real: { target } }), cmds);
        // Finally every job reaches a terminal state and keeps it.
        await target.gateway.control.advanceClock(2_000_000);
        const jobs = target.gateway.videos.list();
        for (const job of jobs) {
          const res = await target.fetch(`/videos/${job.id}`, { headers: jsonHeaders() });
          expect(RANK[((await res.json()) as VideoJob).status]).toBe(2);
        }
      }),
      { numRuns: 20 },
    );
  });
});
