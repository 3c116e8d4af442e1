import { spec, ref, type Rule } from '../../rules/rule.ts';

/** The rules of /videos (spec 2.7, 2.8, 3, 4.2, 4.3). */
export const VIDEOS_RULES: readonly Rule[] = [
  // Videos (spec 2.7, 2.8, 3, 4.2, 4.3)
  spec(
    'videos.submit-rules',
    '2.7, 8',
    'POST /videos refuses with 400: duration under 1, an aspect_ratio or resolution outside its list, an http callback address, a previous_job_id off its pattern, a session_id over 256 characters, a frame image whose frame_type is not first_frame or last_frame, an upscale factor not above 0, exact dimensions not WIDTHxHEIGHT, and a request with neither a prompt nor an image to start from.',
  ),
  spec('videos.unknown-404', '4.3, 7', 'Polling a job that was never submitted is 404 with the envelope.'),
  ref('videos.submit-202', '4.2', 'A video submit that is accepted answers 202.'),
  spec(
    'videos.job-shape',
    '2.8, 3, 4.2',
    'A submitted job is pending, its id matches gen-vid-<timestamp>-<20 alphanumerics> and its polling_url is the path {base}/videos/<id>.',
  ),
  spec('videos.forward-only', '3', 'A job moves only forward: pending, in_progress, then one terminal state, and a terminal job never changes again.'),
  spec(
    'videos.status-enum',
    '3',
    "A job's status is one of pending, in_progress, completed, failed, cancelled or expired at every look; no state of the gateway's own.",
  ),
  spec('videos.completed-usage', '2.8, 3', 'A completed job carries usage with cost (number) and is_byok (boolean).'),
];
