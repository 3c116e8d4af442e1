import { byokCharge } from '../generation/usage-cost.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { isUpscalingModel, type VideoModel, type VideoReferenceKind } from '../catalog/video-model.ts';
import { GatewayError } from '../errors/gateway-error.ts';
import type { VideoJobFate, VideoJobRecord } from '../schemas/video-job-record.ts';
import { VideoGenerationRequestSchema, type VideoGenerationRequest } from '../schemas/videos.ts';
import { sessionIdOf } from '../request/session-id.ts';
import { callbackUrlProblem } from '../webhooks/callback-url.ts';
import { dimensionsOf, parseSize, sizeContradiction, type Dimensions } from './video-dimensions.ts';
import { videoGenerationId, videoJobId } from './video-job-id.ts';
import { videoJobStatus } from './video-job-state.ts';
import { validRequest } from '../validation/parse-request.ts';

/** Provider fault statuses that leave a job unclaimed (it expires) rather than failed. */
const STALL_STATUSES = new Set([429, 503, 529]);

export interface PrepareVideoJobInput {
  body: unknown;
  /** `x-session-id` header (spec 2.7: the body wins). */
  sessionHeader: string | null;
  catalog: Catalog;
  seed: number;
  now: number;
  seq: number;
  /** Whether the request is BYOK once its provider is chosen (docs/byok.md): the cost is then the gateway fee. */
  isByok: (provider: string, model: string) => boolean;
  /** Looks up an earlier job for `previous_job_id`. */
  findJob(id: string): VideoJobRecord | undefined;
  /** Consumes a programmed provider fault (`env.providerFaults.take`). */
  takeProviderFault(provider: string): number | undefined;
  /** `self`: the gateway's own base URL, never a webhook target. */
  webhooks: { defaultCallbackUrl: string | undefined; allowInsecureLocalhost: boolean; self?: string };
}

const bad = (message: string) => new GatewayError(400, message);

function resolveModel(req: VideoGenerationRequest, catalog: Catalog, previous: VideoJobRecord | undefined): VideoModel {
  const slug = req.model ?? previous?.model;
  if (slug === undefined) throw bad('model: required (a video model slug; see GET /videos/models)');
  const model = catalog.videoModels.find((m) => m.id === slug || m.canonical_slug === slug);
  if (!model) {
    if (catalog.models.some((m) => m.id === slug)) throw bad(`model: ${slug} is not a video model; POST /videos takes one of GET /videos/models`);
    throw new GatewayError(404, `model: no video model ${slug} (see GET /videos/models)`);
  }
  // spec 2.7: a continuation runs on the same model and endpoint as the earlier job.
  if (previous && previous.model !== model.id) {
    throw bad(`model: ${slug} differs from ${previous.model}, the model of previous_job_id ${previous.id} (a continuation runs on the same model)`);
  }
  return model;
}

function resolvePrevious(req: VideoGenerationRequest, input: PrepareVideoJobInput): VideoJobRecord | undefined {
  if (req.previous_job_id === undefined) return undefined;
  const previous = input.findJob(req.previous_job_id);
  if (!previous) throw new GatewayError(404, `previous_job_id: no video job ${req.previous_job_id}`);
  const status = videoJobStatus(previous, input.now);
  if (status !== 'completed') throw bad(`previous_job_id: job ${previous.id} is ${status}; only a completed job can be continued`);
  return previous;
}

function resolveDimensions(
  req: VideoGenerationRequest,
  model: VideoModel,
  previous: VideoJobRecord | undefined,
): Dimensions & { resolution: string | null; aspect: string | null } {
  const check = <T extends string>(field: string, value: T | undefined, supported: readonly string[] | null) => {
    if (value !== undefined && supported !== null && !supported.includes(value)) {
      throw bad(`${field}: ${model.id} supports ${supported.join(', ')} (got ${value})`);
    }
  };
  check('aspect_ratio', req.aspect_ratio, model.supported_aspect_ratios);
  check('resolution', req.resolution, model.supported_resolutions);
  if (req.size !== undefined) {
    const size = parseSize(req.size);
    if (!size) throw bad('size: must be WIDTHxHEIGHT in pixels, e.g. 1280x720');
    const contradiction = sizeContradiction(size, req.resolution, req.aspect_ratio);
    if (contradiction) throw bad(`size: ${contradiction}; give size alone or a consistent resolution and aspect_ratio`);
    check('size', req.size, model.supported_sizes);
    return { ...size, resolution: req.resolution ?? null, aspect: req.aspect_ratio ?? null };
  }
  const resolution = req.resolution ?? model.supported_resolutions?.[0] ?? '720p';
  const aspect = req.aspect_ratio ?? model.supported_aspect_ratios?.[0] ?? '16:9';
  if (previous && req.resolution === undefined && req.aspect_ratio === undefined) {
    const p = previous.provider_request;
    return { width: p.width, height: p.height, resolution: p.resolution, aspect: p.aspect_ratio };
  }
  return { ...dimensionsOf(resolution, aspect), resolution, aspect };
}

type VideoRequest = VideoGenerationRequest;

/** Upscaler-only parameters (spec 2.7): refused on generation models, bounded on upscalers. */
function checkUpscaling(req: VideoRequest, model: VideoModel): void {
  if (!isUpscalingModel(model)) {
    if (req.creativity !== undefined) throw bad(`creativity: only for video upscaling models; ${model.id} is a generation model`);
    if (req.upscale_factor !== undefined) throw bad(`upscale_factor: only for video upscaling models; ${model.id} is a generation model`);
    return;
  }
  const range = model.upscale_factor;
  const f = req.upscale_factor;
  if (f !== undefined && range && ((range.min !== null && f < range.min) || (range.max !== null && f > range.max))) {
    throw bad(`upscale_factor: ${model.id} supports ${range.min ?? 0} to ${range.max ?? 'any'} (got ${f})`);
  }
  if (req.creativity !== undefined && model.creativity !== null && !model.creativity.includes(req.creativity)) {
    throw bad(`creativity: ${model.id} supports ${model.creativity.join(', ')} (got ${req.creativity})`);
  }
}

/** Frame images the model takes, each frame type at most once. */
function checkFrames(frames: NonNullable<VideoRequest['frame_images']>, model: VideoModel): void {
  if (frames.length === 0) return;
  if (model.supported_frame_images === null) throw bad(`frame_images: ${model.id} takes no frame images`);
  const seen = new Set<string>();
  frames.forEach((f, i) => {
    if (!model.supported_frame_images?.includes(f.frame_type)) {
      throw bad(`frame_images[${i}].frame_type: ${model.id} supports ${model.supported_frame_images?.join(', ')} (got ${f.frame_type})`);
    }
    if (seen.has(f.frame_type)) throw bad(`frame_images[${i}].frame_type: ${f.frame_type} given twice`);
    seen.add(f.frame_type);
  });
}

/** The prompt, or a 400 when the model needs one (some take images or a video instead). */
function promptOf(req: VideoRequest, model: VideoModel, hasImages: boolean, hasVideo: boolean): string | undefined {
  const sim = model.simulation;
  if (sim.requires_video_input && !hasVideo) throw bad(`input_references: ${model.id} upscales a video; give a video_url reference or previous_job_id`);
  const prompt = req.prompt?.trim() ? req.prompt : undefined;
  if (prompt !== undefined || (sim.prompt_optional_with_images && (hasImages || hasVideo))) return prompt;
  throw bad(
    sim.prompt_optional_with_images
      ? `prompt: required unless image input is given (frame_images or an image_url reference) for ${model.id}`
      : `prompt: required for ${model.id}`,
  );
}

/** The duration asked for, continued from the previous job, or the model's default; one it supports. */
function durationOf(req: VideoRequest, model: VideoModel, previous: VideoJobRecord | undefined): number {
  const sim = model.simulation;
  const fallback =
    model.supported_durations === null || model.supported_durations.includes(sim.default_duration)
      ? sim.default_duration
      : (model.supported_durations[0] ?? sim.default_duration);
  const duration = req.duration ?? previous?.provider_request.duration ?? fallback;
  if (model.supported_durations !== null && !model.supported_durations.includes(duration)) {
    throw bad(`duration: ${model.id} supports ${model.supported_durations.join(', ')} seconds (got ${duration})`);
  }
  return duration;
}

/** The job's fate: the provider call happens now, and a programmed fault decides it. */
function fateOf(fault: number | undefined, provider: string): VideoJobFate {
  if (fault === undefined) return { kind: 'complete' };
  return STALL_STATUSES.has(fault)
    ? { kind: 'stall', error: `Provider ${provider} is unavailable (HTTP ${fault}); the job was not picked up in time` }
    : { kind: 'fail', error: `Provider ${provider} returned an error (HTTP ${fault})` };
}

/** The callback URL of the request (checked) or the workspace default. */
function callbackOf(req: VideoRequest, webhooks: PrepareVideoJobInput['webhooks']): string | undefined {
  if (req.callback_url !== undefined) {
    const problem = callbackUrlProblem(req.callback_url, webhooks.allowInsecureLocalhost, webhooks.self);
    if (problem) throw bad(`callback_url: ${problem}`);
  }
  return req.callback_url ?? webhooks.defaultCallbackUrl;
}

/**
 * Validate a `POST /videos` body against spec 2.7/8 and the chosen model, and build the stored
 * job (spec 2.8) with its whole timeline. Throws a GatewayError (400 or 404) naming the field.
 */
export function prepareVideoJob(input: PrepareVideoJobInput): VideoJobRecord {
  const req = validRequest(VideoGenerationRequestSchema, input.body, {});
  // The one header it reads, without a Fetch Headers (whose global loads Node's Fetch in a server).
  const sessionId = sessionIdOf(req.session_id, { get: (name) => (name === 'x-session-id' ? input.sessionHeader : null) });

  const previous = resolvePrevious(req, input);
  const model = resolveModel(req, input.catalog, previous);
  const sim = model.simulation;
  if (previous && !sim.supports_continuation) throw bad(`previous_job_id: ${model.id} does not support continuation`);
  checkUpscaling(req, model);
  const frames = req.frame_images ?? [];
  checkFrames(frames, model);

  const refs = (req.input_references ?? []).map((r): VideoReferenceKind => (r.type === 'image_url' ? 'image' : r.type === 'audio_url' ? 'audio' : 'video'));
  const honored = refs.filter((k) => sim.reference_kinds.includes(k));
  const ignored = refs.filter((k) => !sim.reference_kinds.includes(k));
  const prompt = promptOf(req, model, frames.length > 0 || honored.includes('image'), honored.includes('video') || previous !== undefined);
  const duration = durationOf(req, model, previous);
  // spec 2.7: generate_audio defaults to the endpoint's flag, false when unset.
  const generateAudio = req.generate_audio ?? model.generate_audio ?? false;
  if (generateAudio && model.generate_audio !== true) throw bad(`generate_audio: ${model.id} cannot generate audio`);
  const dims = resolveDimensions(req, model, previous);
  const callback = callbackOf(req, input.webhooks);
  const fate = fateOf(input.takeProviderFault(sim.provider), sim.provider);

  const pixels = (dims.width * dims.height) / (1280 * 720);
  const generationMs = Math.round(sim.base_ms + sim.per_second_ms * duration * Math.max(pixels, 0.25));
  // spec 3: a job is pending when the submit is accepted, so pick-up is at least 1 ms later.
  const startedAt = input.now + Math.max(1, sim.queue_ms);
  const finishedAt = startedAt + (fate.kind === 'fail' ? Math.floor(generationMs / 2) : generationMs);
  const pricePerSecond = generateAudio ? (sim.price_per_second_audio ?? sim.price_per_second) : sim.price_per_second;
  const id = videoJobId(input.seed, input.now, input.seq);
  const isByok = input.isByok(sim.provider, model.id);

  return {
    id,
    seq: input.seq,
    model: model.id,
    provider: sim.provider,
    created_at: input.now,
    started_at: startedAt,
    finished_at: finishedAt,
    expires_at: input.now + sim.pickup_deadline_ms,
    cancelled_at: null,
    fate,
    generation_id: videoGenerationId(input.seed, id),
    cost: byokCharge(Math.round(pricePerSecond * duration * Math.max(pixels, 1) * 1e6) / 1e6, isByok).cost,
    is_byok: isByok,
    provider_request: {
      prompt: prompt ?? null,
      duration,
      width: dims.width,
      height: dims.height,
      resolution: dims.resolution,
      aspect_ratio: dims.aspect,
      generate_audio: generateAudio,
      seed: req.seed ?? null,
      frame_images: frames.map((f) => f.frame_type),
      references: honored,
      // Only the matched provider's options are forwarded (reference ProviderOptions).
      options: req.provider?.options?.[sim.provider] ?? {},
      creativity: req.creativity ?? null,
      upscale_factor: req.upscale_factor ?? null,
      previous_job_id: previous?.id ?? null,
    },
    ignored_references: ignored,
    session_id: sessionId ?? null,
    user: req.user ?? null,
    trace: req.trace ?? null,
    webhook: callback ? { url: callback, delivered: null, attempts: 0, next_attempt_at: null, gave_up: false, last_error: null } : null,
  };
}
