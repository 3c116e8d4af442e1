import type { Operation } from '../operation.ts';

/** Statuses the reference lists for createAudioSpeech. */
const SPEECH_FAULTS = [400, 401, 402, 404, 429, 500, 502, 503, 524, 529] as const;

/**
 * `POST /audio/speech` (reference createAudioSpeech): raw audio whose duration follows the text,
 * `pcm` by default or `mp3`, billed per input character. The text rides in the audio, so
 * `/audio/transcriptions` of it gives the text back.
 */
export const speechOperation: Operation = {
  name: 'speech',
  endpoints: [
    {
      method: 'POST',
      path: '/audio/speech',
      id: 'audio.speech.create',
      referenceId: 'createAudioSpeech',
      summary: 'Synthesize speech (raw pcm or mp3)',
      auth: 'key',
      paid: true,
      faults: SPEECH_FAULTS,
    },
  ],
  load: () => import('./handlers.ts'),
  loadDocs: () => import('./docs.ts'),
};
