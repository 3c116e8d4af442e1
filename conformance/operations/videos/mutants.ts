import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onRequest } from '../../mutants/rewrite.ts';

/** Plausible bugs of a gateway's video jobs (spec 2.7, 2.8, 3; reference 202). */

const isSubmit = (method: string, path: string) => method === 'POST' && /\/videos\/?$/.test(path);

export const videoSubmit200: Mutant = {
  id: 'video-submit-200',
  breaks: 'reference: an accepted video submit answers 200 instead of 202',
  caughtBy: 'videos.submit-status',
  wrap: (fetch) =>
    onJson(fetch, (_json, response, request) => void (isSubmit(request.method, request.url.pathname) && response.status === 202 && (response.status = 200))),
};

export const videoSubmit201: Mutant = {
  id: 'video-submit-201',
  breaks: 'reference: an accepted video submit answers 201 Created instead of 202',
  caughtBy: 'videos.submit-status',
  wrap: (fetch) =>
    onJson(fetch, (_json, response, request) => void (isSubmit(request.method, request.url.pathname) && response.status === 202 && (response.status = 201))),
};

export const completedJobWithoutUsage: Mutant = {
  id: 'completed-job-without-usage',
  breaks: 'spec 2.8, 3: a completed job carries no usage',
  caughtBy: 'videos.completed-usage',
  wrap: (fetch) => onJson(fetch, (json, _response, request) => void (request.method === 'GET' && json.status === 'completed' && delete json.usage)),
};

export const completedUsageCostString: Mutant = {
  id: 'completed-usage-cost-string',
  breaks: 'spec 2.8: usage.cost of a completed job is a decimal string',
  caughtBy: 'videos.completed-usage',
  wrap: (fetch) => onJson(fetch, (json) => void (json.status === 'completed' && isObject(json.usage) && (json.usage.cost = String(json.usage.cost)))),
};

export const submittedInProgress: Mutant = {
  id: 'submitted-in-progress',
  breaks: 'spec 3, 4.2: a submitted job is reported in_progress, not pending',
  caughtBy: 'videos.job-shape',
  wrap: (fetch) =>
    onJson(
      fetch,
      (json, _response, request) => void (isSubmit(request.method, request.url.pathname) && json.status === 'pending' && (json.status = 'in_progress')),
    ),
};

/** The second look at a job says pending again (a stale read replica), state kept per wrapped gateway. */
export const jobGoesBack: Mutant = {
  id: 'job-goes-back',
  breaks: 'spec 3: a job in progress is reported pending again (a stale read)',
  caughtBy: 'videos.lifecycle',
  wrap: (fetch) => {
    const seen = new Set<string>();
    return onJson(fetch, (json, _response, request) => {
      if (request.method !== 'GET' || typeof json.id !== 'string') return;
      if (json.status === 'in_progress' && seen.has(json.id)) json.status = 'pending';
      if (json.status === 'in_progress') seen.add(json.id);
    });
  },
};

export const aspectRatioUnchecked: Mutant = {
  id: 'aspect-ratio-unchecked',
  breaks: 'spec 2.7: an unknown aspect_ratio or resolution falls back to the default instead of 400',
  caughtBy: 'videos.submit-validation',
  wrap: (fetch) =>
    onRequest(fetch, (r) => {
      if (isSubmit(r.method, r.url.pathname) && isObject(r.body)) {
        delete r.body.aspect_ratio;
        delete r.body.resolution;
      }
    }),
};

export const unknownJob200: Mutant = {
  id: 'unknown-job-200',
  breaks: 'spec 4.3: polling an unknown job answers 200 with a pending placeholder',
  caughtBy: 'videos.unknown-job',
  wrap: (fetch) =>
    onJson(fetch, (json, response, request) => {
      if (request.method === 'GET' && response.status === 404) {
        response.status = 200;
        for (const k of Object.keys(json)) delete json[k];
        Object.assign(json, { id: request.url.pathname.split('/').pop(), status: 'pending' });
      }
    }),
};

export const jobStatusProcessing: Mutant = {
  id: 'job-status-processing',
  breaks: 'spec 3: a running job is reported "processing", a state of the gateway\'s own, instead of in_progress',
  caughtBy: 'videos.lifecycle',
  wrap: (fetch) =>
    onJson(
      fetch,
      (json, _response, request) =>
        void (request.method === 'GET' && typeof json.id === 'string' && json.status === 'in_progress' && (json.status = 'processing')),
    ),
};

export const videoDurationZeroAccepted: Mutant = {
  id: 'video-duration-off-by-one',
  breaks: 'spec 2.7, 8: duration 0 is taken for unset (a falsy check) and served with the default duration; negative ones are refused',
  caughtBy: 'videos.submit-validation',
  wrap: (fetch) =>
    onRequest(fetch, (r) => {
      if (isSubmit(r.method, r.url.pathname) && isObject(r.body) && r.body.duration === 0) delete r.body.duration;
    }),
};

/** Rewrites a video submit's body before the gateway sees it. */
const onSubmitBody =
  (change: (body: Record<string, unknown>) => void): Mutant['wrap'] =>
  (fetch) =>
    onRequest(fetch, (r) => {
      if (isSubmit(r.method, r.url.pathname) && isObject(r.body)) change(r.body);
    });

export const frameTypeUnchecked: Mutant = {
  id: 'frame-type-unchecked',
  breaks: 'spec 2.7: frame images are used without their frame_type checked (an unknown one is served)',
  caughtBy: 'videos.submit-validation',
  wrap: onSubmitBody((b) => {
    if (Array.isArray(b.frame_images) && b.frame_images.some((f) => !isObject(f) || (f.frame_type !== 'first_frame' && f.frame_type !== 'last_frame')))
      delete b.frame_images;
  }),
};

export const upscaleFactorUnchecked: Mutant = {
  id: 'upscale-factor-unchecked',
  breaks: 'spec 2.7: an upscale factor of 0 or less is ignored instead of refused',
  caughtBy: 'videos.submit-validation',
  wrap: onSubmitBody((b) => {
    if (typeof b.upscale_factor === 'number' && b.upscale_factor <= 0) delete b.upscale_factor;
  }),
};

export const videoPromptDefaulted: Mutant = {
  id: 'video-prompt-defaulted',
  breaks: 'spec 2.7: a submit with neither a prompt nor an image input is served with a default prompt',
  caughtBy: 'videos.submit-validation',
  wrap: onSubmitBody((b) => {
    if (b.prompt === undefined && b.frame_images === undefined && b.input_references === undefined) b.prompt = 'A video';
  }),
};

export const videoSizeUnchecked: Mutant = {
  id: 'video-size-unchecked',
  breaks: 'spec 2.7: exact dimensions that are not WIDTHxHEIGHT are ignored (the default size used)',
  caughtBy: 'videos.submit-validation',
  wrap: onSubmitBody((b) => {
    if (typeof b.size === 'string' && !/^[0-9]+x[0-9]+$/.test(b.size)) delete b.size;
  }),
};

export const previousJobIdUnchecked: Mutant = {
  id: 'previous-job-id-unchecked',
  breaks: 'spec 2.7: a previous_job_id off its pattern is ignored (a fresh job is made) instead of refused',
  caughtBy: 'videos.submit-validation',
  wrap: onSubmitBody((b) => {
    if (b.previous_job_id !== undefined && !(typeof b.previous_job_id === 'string' && /^gen-vid-[0-9]+-[0-9A-Za-z]{20}$/.test(b.previous_job_id)))
      delete b.previous_job_id;
  }),
};

export const videoSessionIdCut: Mutant = {
  id: 'video-session-id-cut',
  breaks: 'spec 2.7, 8: a video session_id over 256 characters is cut to 256 and served',
  caughtBy: 'videos.submit-validation',
  wrap: onSubmitBody((b) => {
    if (typeof b.session_id === 'string' && b.session_id.length > 256) b.session_id = b.session_id.slice(0, 256);
  }),
};

export const VIDEO_MUTANTS: readonly Mutant[] = [
  previousJobIdUnchecked,
  videoSessionIdCut,
  videoSizeUnchecked,
  frameTypeUnchecked,
  upscaleFactorUnchecked,
  videoPromptDefaulted,
  videoSubmit200,
  videoSubmit201,
  completedJobWithoutUsage,
  completedUsageCostString,
  submittedInProgress,
  jobGoesBack,
  aspectRatioUnchecked,
  unknownJob200,
  jobStatusProcessing,
  videoDurationZeroAccepted,
];
