import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualClock } from '../src/clock/index.ts';
import { statusesFor } from '../src/errors/documented-statuses.ts';
import { VIDEO_JOB_ID_PATTERN } from '../src/schemas/videos.ts';
import { jsonHeaders, startTarget, TARGET_KINDS, type Target } from './targets.ts';

const IMAGE = { type: 'image_url', image_url: { url: 'https://example.com/a.png' } } as const;

describe.each(TARGET_KINDS)('POST /videos validation (%s)', (kind) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(kind, { clock: virtualClock(), maxBodyBytes: 64 * 1024 });
  });
  afterAll(() => target.close());

  const submit = (body: unknown, headers: Record<string, string> = jsonHeaders()) =>
    target.fetch('/videos', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  async function expectError(body: unknown, status: number, message: RegExp, headers?: Record<string, string>) {
    const res = await submit(body, headers);
    const json = (await res.json()) as { error: { code: number; message: string } };
    expect(res.status, JSON.stringify(json)).toBe(status);
    expect(json.error.code).toBe(status);
    expect(json.error.message).toMatch(message);
  }

  it('accepts a plain request: 202, pending, an id of the spec pattern, the polling URL', async () => {
    const res = await submit({ model: 'google/veo-3.1', prompt: 'a cat', duration: 8, resolution: '720p', aspect_ratio: '16:9' });
    expect(res.status).toBe(202);
    const job = (await res.json()) as Record<string, unknown>;
    expect(job.status).toBe('pending');
    expect(job.id).toMatch(VIDEO_JOB_ID_PATTERN);
    expect(job.polling_url).toBe(`${new URL(target.baseUrl).pathname}/videos/${job.id}`);
    expect(job).not.toHaveProperty('usage');
  });

  it('gives identical submissions distinct ids', async () => {
    const body = { model: 'google/veo-3.1', prompt: 'same' };
    const a = (await (await submit(body)).json()) as { id: string };
    const b = (await (await submit(body)).json()) as { id: string };
    expect(a.id).not.toBe(b.id);
  });

  it('model: required, unknown -> 404, a text model -> 400', async () => {
    await expectError({ prompt: 'x' }, 400, /^model: required/);
    await expectError({ model: 'nobody/nothing', prompt: 'x' }, 404, /no video model nobody\/nothing/);
    const textModel = target.gateway.catalog.models[0]!.id;
    await expectError({ model: textModel, prompt: 'x' }, 400, /is not a video model/);
  });

  it('prompt: required, unless the model works from images alone and images are given', async () => {
    await expectError({ model: 'google/veo-3.1' }, 400, /^prompt: required for google\/veo-3.1/);
    await expectError({ model: 'bytedance/seedance-2.0' }, 400, /^prompt: required unless image input/);
    expect((await submit({ model: 'bytedance/seedance-2.0', input_references: [IMAGE] })).status).toBe(202);
    expect((await submit({ model: 'bytedance/seedance-2.0', frame_images: [{ ...IMAGE, frame_type: 'first_frame' }] })).status).toBe(202);
  });

  it('aspect_ratio and resolution: spec enums (360p included), then what the model supports', async () => {
    await expectError({ model: 'google/veo-3.1', prompt: 'x', aspect_ratio: '5:4' }, 400, /^aspect_ratio: must be one of/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', resolution: '540p' }, 400, /^resolution: must be one of 360p/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', resolution: '360p' }, 400, /^resolution: google\/veo-3.1 supports 720p, 1080p/);
    expect((await submit({ model: 'bytedance/seedance-2.0', prompt: 'x', resolution: '360p' })).status).toBe(202);
  });

  it('duration: at least 1, whole seconds, one of the model durations', async () => {
    await expectError({ model: 'bytedance/seedance-2.0', prompt: 'x', duration: 0 }, 400, /^duration: must be at least 1/);
    await expectError({ model: 'bytedance/seedance-2.0', prompt: 'x', duration: 2.5 }, 400, /^duration: must be a whole number/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', duration: 5 }, 400, /^duration: google\/veo-3.1 supports 4, 6, 8 seconds/);
  });

  it('size: WIDTHxHEIGHT, consistent with resolution and aspect_ratio, supported by the model', async () => {
    await expectError({ model: 'google/veo-3.1', prompt: 'x', size: '1280-720' }, 400, /^size: must be WIDTHxHEIGHT/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', size: '1280x720', resolution: '1080p' }, 400, /^size: size 1280x720 is not 1080p/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', size: '1280x720', aspect_ratio: '9:16' }, 400, /^size: size 1280x720 is not 9:16/);
    await expectError({ model: 'openai/sora-2', prompt: 'x', size: '1920x1080' }, 400, /^size: openai\/sora-2 supports 1280x720, 720x1280/);
    expect((await submit({ model: 'openai/sora-2', prompt: 'x', size: '720x1280', aspect_ratio: '9:16', resolution: '720p' })).status).toBe(202);
  });

  it('frame_images: each needs frame_type first_frame|last_frame, supported by the model, once each', async () => {
    await expectError(
      { model: 'google/veo-3.1', prompt: 'x', frame_images: [IMAGE] },
      400,
      /^frame_images\[0\]\.frame_type: must be first_frame or last_frame/,
    );
    await expectError(
      { model: 'google/veo-3.1', prompt: 'x', frame_images: [{ ...IMAGE, frame_type: 'middle' }] },
      400,
      /frame_type: must be first_frame or last_frame/,
    );
    await expectError(
      { model: 'openai/sora-2', prompt: 'x', frame_images: [{ ...IMAGE, frame_type: 'last_frame' }] },
      400,
      /supports first_frame \(got last_frame\)/,
    );
    await expectError(
      {
        model: 'google/veo-3.1',
        prompt: 'x',
        frame_images: [
          { ...IMAGE, frame_type: 'first_frame' },
          { ...IMAGE, frame_type: 'first_frame' },
        ],
      },
      400,
      /first_frame given twice/,
    );
  });

  it('input_references: image, audio, video variants; unknown variants rejected; unusable ones ignored and recorded', async () => {
    await expectError({ model: 'google/veo-3.1', prompt: 'x', input_references: [{ type: 'text', text: 'hi' }] }, 400, /^input_references\[0\]/);
    const res = await submit({
      model: 'google/veo-3.1',
      prompt: 'x',
      input_references: [
        IMAGE,
        { type: 'audio_url', audio_url: { url: 'https://e.com/a.mp3' } },
        { type: 'video_url', video_url: { url: 'https://e.com/v.mp4' } },
      ],
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const job = target.gateway.videos.get(id)!;
    expect(job.provider_request.references).toEqual(['image']);
    expect(job.ignored_references).toEqual(['audio', 'video']);
  });

  it('callback_url: HTTPS only; plain http to localhost only with the opt-in', async () => {
    await expectError({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'http://example.com/hook' }, 400, /^callback_url: must be an HTTPS URL/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'http://127.0.0.1:9/hook' }, 400, /allowInsecureLocalhost/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'not a url' }, 400, /^callback_url: .* is not an absolute URL/);
    expect((await submit({ model: 'google/veo-3.1', prompt: 'x', callback_url: 'https://example.com/hook' })).status).toBe(202);
  });

  it('creativity and upscale_factor (> 0): only for upscaling models, within their range', async () => {
    await expectError({ model: 'google/veo-3.1', prompt: 'x', creativity: 1 }, 400, /^creativity: only for video upscaling models/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', upscale_factor: 2 }, 400, /^upscale_factor: only for video upscaling models/);
    const video = { type: 'video_url', video_url: { url: 'https://e.com/v.mp4' } };
    await expectError({ model: 'topaz/video-upscale', input_references: [video], upscale_factor: 0 }, 400, /^upscale_factor: must be > 0/);
    await expectError({ model: 'topaz/video-upscale', input_references: [video], upscale_factor: 8 }, 400, /supports 1 to 4/);
    await expectError({ model: 'topaz/video-upscale', input_references: [video], creativity: 9 }, 400, /^creativity: topaz\/video-upscale supports 0, 1/);
    await expectError({ model: 'topaz/video-upscale', upscale_factor: 2 }, 400, /upscales a video/);
    expect((await submit({ model: 'topaz/video-upscale', input_references: [video], upscale_factor: 2, creativity: 3 })).status).toBe(202);
  });

  it('user and session_id: at most 256; the body wins over x-session-id; neither goes to the provider', async () => {
    await expectError({ model: 'google/veo-3.1', prompt: 'x', user: 'u'.repeat(257) }, 400, /^user: at most 256/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', session_id: 's'.repeat(257) }, 400, /^session_id: at most 256/);
    await expectError(
      { model: 'google/veo-3.1', prompt: 'x' },
      400,
      /^x-session-id: at most 256/,
      jsonHeaders('sk-gw-test', { 'x-session-id': 'h'.repeat(257) }),
    );
    const res = await submit({ model: 'google/veo-3.1', prompt: 'x', session_id: 'body', user: 'me' }, jsonHeaders('sk-gw-test', { 'x-session-id': 'header' }));
    const job = target.gateway.videos.get(((await res.json()) as { id: string }).id)!;
    expect(job.session_id).toBe('body');
    expect(job.user).toBe('me');
    expect(JSON.stringify(job.provider_request)).not.toMatch(/body|"me"/);
    const res2 = await submit({ model: 'google/veo-3.1', prompt: 'x' }, jsonHeaders('sk-gw-test', { 'x-session-id': 'header' }));
    expect(target.gateway.videos.get(((await res2.json()) as { id: string }).id)!.session_id).toBe('header');
  });

  it('previous_job_id: the pattern, an existing job, a completed one, a model that continues', async () => {
    await expectError({ model: 'google/veo-3.1', prompt: 'x', previous_job_id: 'job-123' }, 400, /^previous_job_id: must match/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', previous_job_id: 'gen-vid-1-AAAAAAAAAAAAAAAAAAAA' }, 404, /no video job/);
    const first = (await (await submit({ model: 'google/veo-3.1', prompt: 'x' })).json()) as { id: string };
    await expectError({ prompt: 'more', previous_job_id: first.id }, 400, /is pending; only a completed job can be continued/);
    const seedance = (await (await submit({ model: 'bytedance/seedance-2.0', prompt: 'x' })).json()) as { id: string };
    await target.gateway.control.advanceClock(10 * 60_000);
    await expectError({ model: 'bytedance/seedance-2.0', prompt: 'more', previous_job_id: seedance.id }, 400, /does not support continuation/);
    await expectError({ model: 'openai/sora-2', prompt: 'more', previous_job_id: first.id }, 400, /differs from google\/veo-3.1/);
    const res = await submit({ prompt: 'more', previous_job_id: first.id });
    expect(res.status).toBe(202);
    const next = target.gateway.videos.get(((await res.json()) as { id: string }).id)!;
    expect(next.model).toBe('google/veo-3.1');
    expect(next.provider).toBe(target.gateway.videos.get(first.id)!.provider);
    expect(next.provider_request.previous_job_id).toBe(first.id);
  });

  it('generate_audio defaults to the model flag; asking audio of a model without it is 400', async () => {
    const veo = (await (await submit({ model: 'google/veo-3.1', prompt: 'x' })).json()) as { id: string };
    expect(target.gateway.videos.get(veo.id)!.provider_request.generate_audio).toBe(true);
    const sd = (await (await submit({ model: 'bytedance/seedance-2.0', prompt: 'x' })).json()) as { id: string };
    expect(target.gateway.videos.get(sd.id)!.provider_request.generate_audio).toBe(false);
    await expectError({ model: 'bytedance/seedance-2.0', prompt: 'x', generate_audio: true }, 400, /cannot generate audio/);
  });

  it('seed, trace and provider.options pass through; only the matched provider options are forwarded', async () => {
    const res = await submit({
      model: 'google/veo-3.1',
      prompt: 'x',
      seed: 42,
      trace: { trace_id: 't1', custom: 'c' },
      provider: { options: { 'google-vertex': { output_config: { effort: 'low' } }, openai: { x: 1 } } },
    });
    const job = target.gateway.videos.get(((await res.json()) as { id: string }).id)!;
    expect(job.provider_request.seed).toBe(42);
    expect(job.provider_request.options).toEqual({ output_config: { effort: 'low' } });
    expect(job.trace).toEqual({ trace_id: 't1', custom: 'c' });
    await expectError({ model: 'google/veo-3.1', prompt: 'x', seed: 'abc' }, 400, /^seed:/);
    await expectError({ model: 'google/veo-3.1', prompt: 'x', provider: { order: ['x'] } }, 400, /^provider/);
  });

  it('unknown top-level fields are accepted (as on /responses); malformed JSON and non-object bodies are 400 with the envelope', async () => {
    expect((await submit({ model: 'google/veo-3.1', prompt: 'x', colour: 'red' })).status).toBe(202);
    await expectError('{"model": ', 400, /./);
    await expectError('[1,2]', 400, /./);
  });

  it('401 without a key, 402 without credits, 413 past the size limit, and every documented status can be forced', async () => {
    const body = JSON.stringify({ model: 'google/veo-3.1', prompt: 'x' });
    expect((await target.fetch('/videos', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status).toBe(401);
    expect((await target.fetch('/videos', { method: 'POST', headers: jsonHeaders('sk-gw-no-credits'), body })).status).toBe(402);
    const big = JSON.stringify({ model: 'google/veo-3.1', prompt: 'x'.repeat(100 * 1024) });
    const post413 = target.fetch('/videos', { method: 'POST', headers: jsonHeaders(), body: big });
    expect((await post413).status).toBe(413);
    for (const status of statusesFor('videos')) {
      const res = await target.fetch('/videos', { method: 'POST', headers: jsonHeaders('sk-gw-test', { 'x-gatewaykit-fault': String(status) }), body });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(status);
    }
    expect(statusesFor('videos')).toEqual([400, 401, 402, 403, 404, 413, 429, 500]);
  });
});
