import type { Mutant } from '../../mutants/mutant.ts';
import { isObject, onJson, onResponse } from '../../mutants/rewrite.ts';

/** Mutants of POST /audio/transcriptions (spec 4.4). */

const isTranscription = (path: string) => path.endsWith('/audio/transcriptions');

export const transcriptionAcceptsBadAudio: Mutant = {
  id: 'transcription-accepts-bad-audio',
  breaks: 'spec 4.4 / reference STTRequest: undecodable audio or an unknown format is "transcribed" instead of rejected with 400',
  caughtBy: 'audio.transcriptions-validation',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (!isTranscription(request.url.pathname) || response.status !== 400) return;
      response.status = 200;
      response.headers.set('content-type', 'application/json');
      response.text = JSON.stringify({ text: '' });
    }),
};

export const transcriptionWrongSeconds: Mutant = {
  id: 'transcription-wrong-seconds',
  breaks: 'reference STTUsage: usage.seconds is not the duration of the audio',
  caughtBy: 'audio.transcriptions-json',
  wrap: (fetch) =>
    onJson(fetch, (json, _response, request) => {
      if (isTranscription(request.url.pathname) && isObject(json.usage) && typeof json.usage.seconds === 'number') json.usage.seconds *= 2;
    }),
};

export const transcriptionMultipartRefused: Mutant = {
  id: 'transcription-multipart-refused',
  breaks: 'spec 4.4: a multipart/form-data upload is refused (JSON only)',
  caughtBy: 'audio.transcriptions-multipart',
  wrap: (fetch) =>
    onResponse(fetch, (response, request) => {
      if (!isTranscription(request.url.pathname) || !(request.headers.get('content-type') ?? '').startsWith('multipart/')) return;
      response.status = 400;
      response.headers.set('content-type', 'application/json');
      response.text = JSON.stringify({ error: { code: 400, message: 'Content-Type must be application/json' } });
    }),
};

export const AUDIO_TRANSCRIPTIONS_MUTANTS: readonly Mutant[] = [transcriptionAcceptsBadAudio, transcriptionWrongSeconds, transcriptionMultipartRefused];
