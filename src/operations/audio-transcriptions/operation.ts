import type { Operation } from '../operation.ts';
import { MULTIPART_OVERHEAD_BYTES, transcriptionJsonLimit } from '../../audio/transcription-body-limits.ts';

/**
 * Statuses the reference lists for createAudioTranscriptions (400, 401, 402, 404, 429, 500, 502,
 * 503, 524, 529) plus 413, which the size limits produce for real (spec 7).
 */
export const AUDIO_TRANSCRIPTION_FAULTS = [400, 401, 402, 404, 413, 429, 500, 502, 503, 524, 529] as const;

/**
 * POST /audio/transcriptions (spec 4.4; reference createAudioTranscriptions): JSON or multipart,
 * a paid operation, the catalogue's speech models.
 */
export const audioTranscriptionsOperation: Operation = {
  name: 'audio-transcriptions',
  endpoints: [
    {
      method: 'POST',
      path: '/audio/transcriptions',
      id: 'audio.transcriptions.create',
      referenceId: 'createAudioTranscriptions',
      summary: 'Transcribe audio',
      auth: 'key',
      paid: true,
      faults: AUDIO_TRANSCRIPTION_FAULTS,
      // The larger of the two bodies' limits; each reader applies its own (JSON, multipart).
      maxBodyBytes: (env) => Math.max(transcriptionJsonLimit(env), env.maxUploadBytes + MULTIPART_OVERHEAD_BYTES),
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
